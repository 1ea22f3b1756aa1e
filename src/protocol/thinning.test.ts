import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createStreamThinner,
  isNeverSkipped,
  readProgress,
  readSkipNotice,
  roomMessageFacts,
  THIN_BEHIND_MESSAGES,
  THIN_LAG_START_MS,
  THIN_LAG_STOP_MS,
  THIN_NOTICE_EVERY_MS,
  THIN_START_BYTES,
  THIN_STOP_BYTES,
  type RoomMessageFacts,
  type SkipNotice,
} from './thinning';

const ME = 'u-me';
const chat = (uid: string, extra: Record<string, unknown> = {}): RoomMessageFacts => roomMessageFacts(7101, { uid, role: 1, highlight: false, picked_uid: [], ...extra });
const SLOW = THIN_START_BYTES + 1;
const FAST = THIN_STOP_BYTES - 1;

describe('isNeverSkipped', () => {
  it('keeps the viewer’s own, staff, highlighted and mentioning chat, and every other room message', () => {
    expect(isNeverSkipped(chat('u-other'), ME)).toBe(false);
    expect(isNeverSkipped(chat(ME), ME)).toBe(true);
    expect(isNeverSkipped(chat('u-host', { role: 7 }), ME)).toBe(true);
    expect(isNeverSkipped(chat('u-other', { highlight: true }), ME)).toBe(true);
    expect(isNeverSkipped(chat('u-other', { picked_uid: ['x', ME] }), ME)).toBe(true);
    for (const code of [7103, 7105, 7107, 7109, 7113, 7115, 7117, 7125, 7127]) expect(isNeverSkipped(roomMessageFacts(code, {}), ME)).toBe(true);
  });

  it('reads odd bodies without throwing', () => {
    const facts = roomMessageFacts(7101, { uid: 5, role: 'host', picked_uid: 'u-me', highlight: 'yes' });
    expect(facts).toEqual({ code: 7101, uid: null, role: null, highlight: false, mentioned: [] });
    expect(isNeverSkipped(facts, ME)).toBe(false);
  });
});

describe('createStreamThinner', () => {
  it('sends everything while the socket keeps up', () => {
    const thinner = createStreamThinner(ME);
    for (let offset = 1; offset <= 100; offset++) expect(thinner.offer('r', offset, chat('u-other'), THIN_START_BYTES, 0)).toEqual({ send: true, notices: [] });
    expect(thinner.state).toBe('full');
    expect(thinner.skipped).toBe(0);
  });

  it('leaves out others’ chat above the start mark, states the range before the next message sent, and keeps priority ones', () => {
    const thinner = createStreamThinner(ME);
    expect(thinner.offer('r', 1, chat('u-other'), SLOW, 0).send).toBe(false);
    expect(thinner.state).toBe('thinning');
    expect(thinner.offer('r', 2, chat('u-other'), SLOW, 0).send).toBe(false);
    // Between the marks it stays thinned (hysteresis).
    expect(thinner.offer('r', 3, chat('u-other'), THIN_STOP_BYTES + 1, 0).send).toBe(false);
    expect(thinner.offer('r', 4, chat(ME), SLOW, 0)).toEqual({ send: true, notices: [{ webcastId: 'r', from: 1, to: 3 }] });
    expect(thinner.offer('r', 5, roomMessageFacts(7105, {}), SLOW, 0)).toEqual({ send: true, notices: [] });
    expect(thinner.offer('r', 6, chat('u-other'), SLOW, 0).send).toBe(false);
    expect(thinner.offer('r', 7, chat('u-other'), FAST, 0)).toEqual({ send: true, notices: [{ webcastId: 'r', from: 6, to: 6 }] });
    expect(thinner.state).toBe('full');
    expect(thinner.skipped).toBe(4);
  });

  it('states every room’s range once the socket drains, and nothing while it is still behind', () => {
    const thinner = createStreamThinner(ME);
    thinner.offer('a', 10, chat('u-other'), SLOW, 0);
    thinner.offer('b', 20, chat('u-other'), SLOW, 0);
    thinner.offer('a', 11, chat('u-other'), SLOW, 0);
    expect(thinner.settle(SLOW, 0)).toEqual([]);
    expect(thinner.settle(0, 0)).toEqual([
      { webcastId: 'a', from: 10, to: 11 },
      { webcastId: 'b', from: 20, to: 20 },
    ]);
    expect(thinner.settle(0, 0)).toEqual([]);
  });

  it('thins a reader far behind in time and in messages, whatever the bytes waiting, and is whole again once it caught up', () => {
    const thinner = createStreamThinner(ME);
    const other = chat('u-other');
    // Without progress reports, time is no measure (an older client never reports).
    for (let o = 1; o <= 300; o++) expect(thinner.offer('r', o, other, 0, 0).send).toBe(true);
    expect(thinner.offer('r', 301, other, 0, 5000).send).toBe(true);
    thinner.progress('r', 301);
    let now = 10_000;
    // 300 sent at once, none reported applied yet.
    for (let o = 302; o <= 601; o++) expect(thinner.offer('r', o, other, 0, now).send).toBe(true);
    expect(thinner.offer('r', 602, other, 0, (now += THIN_LAG_START_MS + 1)).send).toBe(false);
    expect(thinner.state).toBe('thinning');
    // Priority still goes out; the range before it is stated.
    expect(thinner.offer('r', 603, chat(ME), 0, (now += 10))).toEqual({ send: true, notices: [{ webcastId: 'r', from: 602, to: 602 }] });
    expect(thinner.offer('r', 604, other, 0, (now += 10)).send).toBe(false);
    // Reported up to a message sent with the others: still far behind.
    thinner.progress('r', 400);
    expect(thinner.settle(0, (now += 1))).toEqual([]);
    // Caught up with everything sent.
    thinner.progress('r', 603);
    expect(thinner.settle(0, (now += 1))).toEqual([{ webcastId: 'r', from: 604, to: 604 }]);
    expect(thinner.state).toBe('full');
    expect(thinner.offer('r', 605, other, 0, now + 1).send).toBe(true);
  });

  it('a moderate room is never thinned by time: a few messages late catch up by themselves', () => {
    const thinner = createStreamThinner(ME);
    thinner.progress('r', 0);
    for (let o = 1; o <= THIN_BEHIND_MESSAGES; o++) expect(thinner.offer('r', o, chat('u-other'), 0, o).send).toBe(true);
    expect(thinner.offer('r', THIN_BEHIND_MESSAGES + 1, chat('u-other'), 0, 10 * THIN_LAG_START_MS).send).toBe(true);
    expect(thinner.state).toBe('full');
    // One more unreported: past a screenful and late, thinned.
    expect(thinner.offer('r', THIN_BEHIND_MESSAGES + 2, chat('u-other'), 0, 10 * THIN_LAG_START_MS).send).toBe(false);
    // Whole again once the reader is near (the stop mark in time).
    thinner.progress('r', THIN_BEHIND_MESSAGES + 1);
    expect(thinner.settle(0, 10 * THIN_LAG_START_MS + THIN_LAG_STOP_MS)).toEqual([{ webcastId: 'r', from: THIN_BEHIND_MESSAGES + 2, to: THIN_BEHIND_MESSAGES + 2 }]);
  });

  it('a stream that stays thinned with nothing of the room sent still states its range once it is a second old, and goes on from there', () => {
    const thinner = createStreamThinner(ME);
    const other = chat('u-other');
    let now = 0;
    for (let o = 1; o <= 10; o++) expect(thinner.offer('r', o, other, SLOW, (now += 50))).toEqual({ send: false, notices: [] });
    now = 50 + THIN_NOTICE_EVERY_MS - 1;
    expect(thinner.offer('r', 11, other, SLOW, now)).toEqual({ send: false, notices: [] });
    expect(thinner.offer('r', 12, other, SLOW, (now += 1))).toEqual({ send: false, notices: [{ webcastId: 'r', from: 1, to: 12 }] });
    // The next range starts after the one stated, and is stated in its turn.
    expect(thinner.offer('r', 13, other, SLOW, (now += 1))).toEqual({ send: false, notices: [] });
    expect(thinner.offer('r', 14, other, SLOW, now + THIN_NOTICE_EVERY_MS)).toEqual({ send: false, notices: [{ webcastId: 'r', from: 13, to: 14 }] });
    expect(thinner.state).toBe('thinning');
    expect(thinner.skipped).toBe(14);
  });

  it('accounts for every offset exactly once: sent, or inside one stated range', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            room: fc.constantFrom('a', 'b'),
            who: fc.constantFrom('other', 'other', 'other', 'me', 'staff'),
            bytes: fc.integer({ min: 0, max: 2 * THIN_START_BYTES }),
            elapsed: fc.integer({ min: 0, max: THIN_NOTICE_EVERY_MS / 2 }),
          }),
          { maxLength: 300 },
        ),
        (steps) => {
          const thinner = createStreamThinner(ME);
          const next = { a: 0, b: 0 };
          const seen = { a: [] as number[], b: [] as number[] };
          const state = (notices: readonly SkipNotice[]) => {
            for (const n of notices) for (let o = n.from; o <= n.to; o++) seen[n.webcastId as 'a' | 'b'].push(o);
          };
          let now = 0;
          for (const step of steps) {
            now += step.elapsed;
            const offset = ++next[step.room];
            const facts = step.who === 'me' ? chat(ME) : step.who === 'staff' ? chat('u-host', { role: 7 }) : chat('u-other');
            const decision = thinner.offer(step.room, offset, facts, step.bytes, now);
            state(decision.notices);
            if (decision.send) seen[step.room].push(offset);
            else expect(step.who).toBe('other');
          }
          state(thinner.settle(0, now));
          // In order, none twice, none missing.
          expect(seen.a).toEqual(Array.from({ length: next.a }, (_, i) => i + 1));
          expect(seen.b).toEqual(Array.from({ length: next.b }, (_, i) => i + 1));
        },
      ),
    );
  });
});

describe('readProgress', () => {
  it('reads a room and a non-negative offset, nothing else', () => {
    expect(readProgress({ webcastId: 'r', offset: 12 })).toEqual({ webcastId: 'r', offset: 12 });
    for (const bad of [{}, { webcastId: 'r', offset: -1 }, { webcastId: 'r', offset: 1.5 }, { webcastId: 3, offset: 1 }, { webcastId: 'r', offset: '1' }]) expect(readProgress(bad)).toBeNull();
  });
});

describe('readSkipNotice', () => {
  it('reads a well-formed notice and refuses anything else', () => {
    expect(readSkipNotice({ webcastId: 'r', from: 3, to: 9 })).toEqual({ webcastId: 'r', from: 3, to: 9 });
    for (const bad of [{}, { webcastId: 'r', from: 0, to: 1 }, { webcastId: 'r', from: 5, to: 4 }, { webcastId: '', from: 1, to: 1 }, { webcastId: 'r', from: '1', to: 2 }, { webcastId: 'r', from: 1.5, to: 2 }]) {
      expect(readSkipNotice(bad)).toBeNull();
    }
  });
});
