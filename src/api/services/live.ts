/**
 * The live service's client: its call table (src/protocol/services/live.ts, shared with the
 * server) bound to the HTTP client. The calls of a first visit of the guide page
 * (liveEntry.ts) are bound at once; the rest of the table loads with the first of them
 * (bind.ts partlyLazyCalls), so the guide page's script does not carry it (issue 5's budget).
 */
import type { LIVE_CALLS } from '../../protocol/services/live';
import { LIVE_ENTRY_CALLS } from '../../protocol/services/liveEntry';
import type { HttpClient } from '../http';
import { bindCalls, partlyLazyCalls, type BoundCalls } from './bind';

export { decodeLoginData, type LoginData, type LoginInput } from '../../protocol/services/liveEntry';
export type LiveService = BoundCalls<typeof LIVE_CALLS>;

export const createLiveService = (http: HttpClient): LiveService =>
  partlyLazyCalls(bindCalls(http, LIVE_ENTRY_CALLS), () => import('../../protocol/services/live').then(({ LIVE_CALLS: table }) => bindCalls(http, table)));
