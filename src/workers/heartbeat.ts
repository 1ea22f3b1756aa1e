/**
 * The worker's heartbeat sender (src/realtime/keepAlive.ts): POST /ccp/user/v1/heartbeat with
 * the caller's headers and the answer's envelope as the page's HTTP client has them
 * (src/protocol/envelope.ts), a JSON body as the call table says (no form word in the path),
 * no retries (the next beat is the retry) and a timeout shorter than the interval, so a
 * stalled service never piles beats up.
 */
import { SESSION_EXPIRED_CODE, SUCCESS_CODE } from '../domain/errorCatalogue';
import { callerHeaders, readEnvelope } from '../protocol/envelope';
import { LIVE_CALLS } from '../protocol/services/live';
import type { BeatOutcome, BeatSender } from '../realtime/keepAlive';

/** Longer than any healthy answer, shorter than the beat interval. */
export const BEAT_TIMEOUT_MS = 10_000;

export function fetchHeartbeat(fetchFn: typeof fetch = (input, init) => globalThis.fetch(input, init), now: () => number = Date.now): BeatSender {
  return async (target): Promise<BeatOutcome> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), BEAT_TIMEOUT_MS);
    try {
      const response = await fetchFn(target.liveBase.replace(/\/+$/, '') + LIVE_CALLS.heartbeat.path, {
        method: 'POST',
        headers: { ...callerHeaders(target.token, target.deviceId), 'Content-Type': 'application/json' },
        body: JSON.stringify({ webcastId: target.webcastId }),
        signal: controller.signal,
      });
      if (!response.ok) return { kind: 'failed', at: now() };
      const envelope = readEnvelope(JSON.parse(await response.text()));
      if (envelope?.code === SESSION_EXPIRED_CODE) return { kind: 'expired', at: now() };
      if (envelope?.code !== SUCCESS_CODE) return { kind: 'failed', at: now() };
      const expiresAt = (envelope.data as { expiresAt?: unknown } | null)?.expiresAt;
      return { kind: 'alive', at: now(), expiresAt: typeof expiresAt === 'number' && Number.isFinite(expiresAt) ? expiresAt : null };
    } catch {
      return { kind: 'failed', at: now() }; // offline, aborted by the timeout, or not JSON
    } finally {
      clearTimeout(timer);
    }
  };
}
