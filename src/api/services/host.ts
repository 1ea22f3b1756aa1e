/** The console's call table (src/protocol/services/host.ts, shared with the server); bound with `api.bindLive(HOST_CALLS)`. */
export * from '../../protocol/services/host';
