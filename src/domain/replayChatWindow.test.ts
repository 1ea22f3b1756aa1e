import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampOffset,
  emptyReplayWindow,
  nextReplayRequest,
  REPLAY_AHEAD_MS,
  REPLAY_JUMP_MS,
  REPLAY_OFFSET_MAX_S,
  REPLAY_PAGE,
  replayMomentMs,
  replayReducer,
  replayShownAt,
  type ReplayRequest,
  type ReplayWindow,
  type TimedMessage,
} from './replayChatWindow';

/** A room's chat: one message every `every` ms from `start`, offsets 1, 2, ... */
function room(count: number, start = 1_000_000, every = 1000): TimedMessage[] {
  return Array.from({ length: count }, (_, i) => ({ msgId: `m${i + 1}`, sendTime: start + i * every, offset: i + 1 }));
}

/** The server's two pages (chat/public/list until and after), as server/chat/history.ts answers them. */
function serve(all: readonly TimedMessage[], request: ReplayRequest, take = REPLAY_PAGE): { list: TimedMessage[]; more: boolean } {
  if (request.kind === 'seek') {
    const sent = all.filter((m) => m.sendTime <= request.until);
    return { list: sent.slice(Math.max(0, sent.length - take)), more: sent.length > take };
  }
  const after = all.filter((m) => m.offset > request.after);
  return { list: after.slice(0, take), more: after.length > take };
}

/** Plays the window to `moment`, answering every page it asks for, and returns it. */
function settle(w: ReplayWindow<TimedMessage>, all: readonly TimedMessage[], moment: number): ReplayWindow<TimedMessage> {
  for (let i = 0; i < 100; i++) {
    const request = nextReplayRequest(w, moment);
    if (request === null) return w;
    w = replayReducer(w, { type: 'request', request });
    w = replayReducer(w, { type: 'page', generation: w.generation, ...serve(all, request) });
  }
  throw new Error('the window kept asking');
}

const truth = (all: readonly TimedMessage[], moment: number, limit: number) => {
  const sent = all.filter((m) => m.sendTime <= moment);
  return sent.slice(Math.max(0, sent.length - limit)).map((m) => m.msgId);
};

describe('replay chat window', () => {
  it("maps a recording's position to the room's time, the offset moving the chat later or earlier", () => {
    expect(replayMomentMs(1_000_000, 12.5, 0)).toBe(1_012_500);
    expect(replayMomentMs(1_000_000, 12.5, 2)).toBe(1_010_500);
    expect(replayMomentMs(1_000_000, 12.5, -3)).toBe(1_015_500);
    expect(clampOffset(3.4)).toBe(3);
    expect(clampOffset(-99_999)).toBe(-REPLAY_OFFSET_MAX_S);
    expect(clampOffset('5')).toBe(0);
    expect(clampOffset(Number.NaN)).toBe(0);
  });

  it('seeks once, then shows the messages sent by each moment as playback goes on, asking ahead', () => {
    const all = room(1000);
    let w = emptyReplayWindow<TimedMessage>();
    expect(nextReplayRequest(w, 1_100_000)).toEqual({ kind: 'seek', until: 1_100_000 });
    w = settle(w, all, 1_100_000);
    expect(replayShownAt(w, 1_100_000, 200).map((m) => m.msgId)).toEqual(truth(all, 1_100_000, 200));
    // Known at least REPLAY_AHEAD_MS ahead: the next seconds need no page.
    expect(w.knownUntil).toBeGreaterThanOrEqual(1_100_000 + REPLAY_AHEAD_MS);
    for (let moment = 1_100_000; moment < 1_400_000; moment += 250) {
      w = settle(w, all, moment);
      expect(replayShownAt(w, moment, 200).map((m) => m.msgId)).toEqual(truth(all, moment, 200));
    }
  });

  it('answers a jump with one seek page, and ignores a page that answers an older request', () => {
    const all = room(5000);
    let w = settle(emptyReplayWindow<TimedMessage>(), all, 1_010_000);
    const far = w.knownUntil + REPLAY_JUMP_MS + 1;
    expect(nextReplayRequest(w, far)).toEqual({ kind: 'seek', until: far });
    // Near the end of what is known, a forward page; the viewer jumps back while it is in flight: its answer is stale.
    const forward = nextReplayRequest(w, w.knownUntil - REPLAY_AHEAD_MS + 1);
    expect(forward).toEqual({ kind: 'forward', after: w.cursor });
    if (forward === null) return;
    w = replayReducer(w, { type: 'request', request: forward });
    const stale = w.generation;
    w = replayReducer(w, { type: 'request', request: { kind: 'seek', until: 1_002_000 } });
    w = replayReducer(w, { type: 'page', generation: stale, ...serve(all, forward) });
    expect(w.phase).toBe('seeking');
    w = replayReducer(w, { type: 'page', generation: w.generation, ...serve(all, { kind: 'seek', until: 1_002_000 }) });
    expect(replayShownAt(w, 1_002_000, 200).map((m) => m.msgId)).toEqual(['m1', 'm2', 'm3']);
  });

  it('waits after a failed page until the viewer retries, then asks for the same page again', () => {
    const all = room(10);
    let w = emptyReplayWindow<TimedMessage>();
    w = replayReducer(w, { type: 'request', request: { kind: 'seek', until: 1_005_000 } });
    w = replayReducer(w, { type: 'failed', generation: w.generation });
    expect(w.phase).toBe('failed');
    expect(nextReplayRequest(w, 1_005_000)).toBeNull();
    w = replayReducer(w, { type: 'retry' });
    expect(w).toMatchObject({ phase: 'seeking', request: { kind: 'seek', until: 1_005_000 } });
    w = replayReducer(w, { type: 'page', generation: w.generation, ...serve(all, { kind: 'seek', until: 1_005_000 }) });
    expect(replayShownAt(w, 1_005_000, 200)).toHaveLength(6);
  });

  it('knows when the room has nothing more, and a room without chat shows nothing and asks nothing more', () => {
    let w = settle(emptyReplayWindow<TimedMessage>(), [], 1_000_000);
    expect(w).toMatchObject({ phase: 'ready', exhausted: true, messages: [] });
    expect(nextReplayRequest(w, 1_500_000)).toBeNull();
    w = settle(emptyReplayWindow<TimedMessage>(), room(3), 1_000_000);
    expect(w.exhausted).toBe(true);
    expect(replayShownAt(w, 1_001_500, 200).map((m) => m.msgId)).toEqual(['m1', 'm2']);
  });

  it('shows what the room had sent by any moment, whatever the seeks, the speed and the page size (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 0, maxLength: 600 }),
        fc.array(fc.oneof(fc.record({ seek: fc.integer({ min: -10_000, max: 2_000_000 }) }), fc.record({ play: fc.integer({ min: 1, max: 20_000 }) })), { minLength: 1, maxLength: 30 }),
        (gaps, moves) => {
          let sendTime = 0;
          const all = gaps.map((gap, i) => ({ msgId: `m${i + 1}`, sendTime: (sendTime += gap), offset: i + 1 }));
          let w = emptyReplayWindow<TimedMessage>();
          let moment = 0;
          for (const move of moves) {
            moment = 'seek' in move ? move.seek : moment + move.play;
            w = settle(w, all, moment);
            expect(replayShownAt(w, moment, 200).map((m) => m.msgId)).toEqual(truth(all, moment, 200));
            expect(w.messages.length).toBeLessThanOrEqual(1_000);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
