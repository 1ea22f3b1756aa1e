/**
 * The live service's client: its call table (src/protocol/services/live.ts, shared with the
 * server) bound to the HTTP client.
 */
import { LIVE_CALLS } from '../../protocol/services/live';
import type { HttpClient } from '../http';
import { bindCalls, type BoundCalls } from './bind';

export * from '../../protocol/services/live';
export type LiveService = BoundCalls<typeof LIVE_CALLS>;

export const createLiveService = (http: HttpClient): LiveService => bindCalls(http, LIVE_CALLS);
