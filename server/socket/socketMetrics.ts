/**
 * Socket counters beyond the shared ones of server/metrics.ts (open sockets, malformed
 * frames, frames sent), registered on the same registry so GET /metrics shows them.
 */
import { Counter } from 'prom-client';
import type { ServerMetrics } from '../metrics.js';

export interface SocketMetrics {
  /** Well-formed frames the server does not act on, by why (e.g. before-login, unexpected-push). */
  readonly framesIgnored: Counter<'reason'>;
  /** Socket requests answered, by request code and reply status. */
  readonly requests: Counter<'code' | 'status'>;
  /** Acknowledgements of pushes (PROTOCOL 2.2), by acknowledged push and outcome. */
  readonly acks: Counter<'code' | 'outcome'>;
  /** Sockets closed by the server, by why. */
  readonly closedByServer: Counter<'reason'>;
  readonly closedByPeer: Counter<'code'>;
  /** Chat messages left out of thinned streams (src/protocol/thinning.ts), and the skip notices stating them. */
  readonly thinned: Counter<'what'>;
}

const perRegistry = new WeakMap<ServerMetrics, SocketMetrics>();

export function socketMetricsOf(metrics: ServerMetrics): SocketMetrics {
  const existing = perRegistry.get(metrics);
  if (existing) return existing;
  const registers = [metrics.registry];
  const created: SocketMetrics = {
    framesIgnored: new Counter({
      name: 'webcast_socket_frames_ignored_total',
      help: 'Well-formed frames the server did not act on',
      labelNames: ['reason'],
      registers,
    }),
    requests: new Counter({
      name: 'webcast_socket_requests_total',
      help: 'Socket requests answered, by code and reply status',
      labelNames: ['code', 'status'],
      registers,
    }),
    acks: new Counter({
      name: 'webcast_socket_acks_total',
      help: 'Acknowledgements received for pushes that need one',
      labelNames: ['code', 'outcome'],
      registers,
    }),
    closedByServer: new Counter({
      name: 'webcast_socket_closed_by_server_total',
      help: 'Sockets the server closed, by reason',
      labelNames: ['reason'],
      registers,
    }),
    closedByPeer: new Counter({
      name: 'webcast_socket_closed_by_peer_total',
      help: 'Sockets that closed without the server asking (the client, or the network: 1006), by WebSocket close code',
      labelNames: ['code'],
      registers,
    }),
    thinned: new Counter({
      name: 'webcast_socket_thinned_total',
      help: 'Chat messages left out of thinned streams (what=message), and skip notices sent (what=notice)',
      labelNames: ['what'],
      registers,
    }),
  };
  perRegistry.set(metrics, created);
  return created;
}
