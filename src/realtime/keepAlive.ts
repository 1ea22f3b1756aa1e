/**
 * The login's keep-alive (SPEC 7.1 POST /ccp/user/v1/heartbeat): while a video page of a
 * room is open, one heartbeat every KEEP_ALIVE_MS for each login and room, however many
 * tabs show it. It lives in the realtime worker, which every tab of the browser shares, so
 * three tabs of one viewer send one heartbeat, not three; the line stops when the last of
 * its tabs leaves (or is gone: its Web Lock released), and for good once the server says the
 * login has ended (402), which every tab of the line is told.
 *
 * A line's states: beating (a beat in flight) -> waiting (the next beat's timer armed) ->
 * beating ...; any -> stopped (no tab left, or the login ended). Beats never overlap: the
 * next is armed when the last one settled, KEEP_ALIVE_MS after it started.
 */
import type { Clock, TimerId } from './ports';

export const KEEP_ALIVE_MS = 30_000;

/** What a beat needs: the room, and how to reach the live service as this login. */
export interface KeepAliveTarget {
  readonly webcastId: string;
  /** The live service's base URL, absolute (a worker has no page to be relative to). */
  readonly liveBase: string;
  readonly token: string;
  readonly deviceId: string | null;
}

export type BeatOutcome =
  /** The server knows the login; `expiresAt` when it said (epoch ms). */
  | { readonly kind: 'alive'; readonly at: number; readonly expiresAt: number | null }
  /** The login has ended (business code 402): the line stops, the tabs end the session. */
  | { readonly kind: 'expired'; readonly at: number }
  /** No answer or a refusal other than 402: the next beat goes as planned. */
  | { readonly kind: 'failed'; readonly at: number };

export type BeatSender = (target: KeepAliveTarget) => Promise<BeatOutcome>;
export type BeatListener = (outcome: BeatOutcome) => void;

export interface KeepAlives {
  /** The tab's video page of `target.webcastId` is open: it joins (or starts) the login's line. */
  join(tabId: string, target: KeepAliveTarget, listener: BeatListener): void;
  /** The tab left the room's video page. */
  leave(tabId: string, webcastId: string): void;
  /** The tab is gone: it leaves every line. */
  leaveTab(tabId: string): void;
  /** How many lines beat now, and how many beats were sent in all (stats, tests). */
  stats(): { readonly lines: number; readonly beats: number };
}

interface Line {
  readonly target: KeepAliveTarget;
  readonly listeners: Map<string, BeatListener>;
  timer: TimerId | null;
  stopped: boolean;
  /** The latest beat's outcome: a tab that joins later is told it at once. */
  last: BeatOutcome | null;
}

const lineKey = (token: string, webcastId: string): string => `${token}\u0000${webcastId}`;

function tell(listener: BeatListener, outcome: BeatOutcome): void {
  try {
    listener(outcome);
  } catch {
    // A tab that cannot be told (closed mid-call) must not stop the others' line.
  }
}

export function createKeepAlives(clock: Clock, send: BeatSender, intervalMs = KEEP_ALIVE_MS): KeepAlives {
  const lines = new Map<string, Line>();
  /** Which line each tab is on per room: a new login in the same tab moves it. */
  const tabLines = new Map<string, Map<string, string>>();
  let beats = 0;

  function stop(key: string, line: Line): void {
    line.stopped = true;
    if (line.timer !== null) clock.clearTimeout(line.timer);
    line.timer = null;
    lines.delete(key);
  }

  function beat(key: string, line: Line): void {
    const started = clock.now();
    beats += 1;
    const settled = (outcome: BeatOutcome): void => {
      if (line.stopped) return;
      line.last = outcome;
      for (const listener of [...line.listeners.values()]) tell(listener, outcome);
      if (outcome.kind === 'expired') {
        stop(key, line);
        for (const tabId of line.listeners.keys()) tabLines.get(tabId)?.delete(line.target.webcastId);
        return;
      }
      line.timer = clock.setTimeout(() => {
        line.timer = null;
        if (!line.stopped) beat(key, line);
      }, Math.max(0, started + intervalMs - clock.now()));
    };
    send(line.target).then(settled, () => settled({ kind: 'failed', at: clock.now() }));
  }

  function leave(tabId: string, webcastId: string): void {
    const mine = tabLines.get(tabId);
    const key = mine?.get(webcastId);
    if (mine === undefined || key === undefined) return;
    mine.delete(webcastId);
    if (mine.size === 0) tabLines.delete(tabId);
    const line = lines.get(key);
    if (line === undefined) return;
    line.listeners.delete(tabId);
    if (line.listeners.size === 0) stop(key, line);
  }

  return {
    join(tabId, target, listener) {
      leave(tabId, target.webcastId);
      const key = lineKey(target.token, target.webcastId);
      let mine = tabLines.get(tabId);
      if (mine === undefined) {
        mine = new Map();
        tabLines.set(tabId, mine);
      }
      mine.set(target.webcastId, key);
      const running = lines.get(key);
      if (running !== undefined) {
        running.listeners.set(tabId, listener);
        if (running.last !== null) tell(listener, running.last);
        return;
      }
      const line: Line = { target, listeners: new Map([[tabId, listener]]), timer: null, stopped: false, last: null };
      lines.set(key, line);
      // The first beat at once: it is also the check that the login still holds.
      beat(key, line);
    },
    leave,
    leaveTab(tabId) {
      for (const webcastId of [...(tabLines.get(tabId)?.keys() ?? [])]) leave(tabId, webcastId);
    },
    stats: () => ({ lines: lines.size, beats }),
  };
}
