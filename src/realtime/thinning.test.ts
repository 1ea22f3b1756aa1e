import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createStreamThinner,
  isNeverSkipped,
  readSkipNotice,
  roomMessageFacts,
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
    for (let offset = 1; offset <= 100; offset++) expect(thinner.offer('r', offset, chat('u-other'), THIN_START_BYTES)).toEqual({ send: true, notices: [] });
    expect(thinner.state).toBe('full');
    expect(thinner.skipped).toBe(0);
  });

  it('leaves out others’ chat above the start mark, states the range before the next message sent, and keeps priority ones', () => {
    const thinner = createStreamThinner(ME);
    expect(thinner.offer('r', 1, chat('u-other'), SLOW).send).toBe(false);
    expect(thinner.state).toBe('thinning');
    expect(thinner.offer('r', 2, chat('u-other'), SLOW).send).toBe(false);
    // Between the marks it stays thinned (hysteresis).
    expect(thinner.offer('r', 3, chat('u-other'), THIN_STOP_BYTES + 1).send).toBe(false);
    expect(thinner.offer('r', 4, chat(ME), SLOW)).toEqual({ send: true, notices: [{ webcastId: 'r', from: 1, to: 3 }] });
    expect(thinner.offer('r', 5, roomMessageFacts(7105, {}), SLOW)).toEqual({ send: true, notices: [] });
    expect(thinner.offer('r', 6, chat('u-other'), SLOW).send).toBe(false);
    expect(thinner.offer('r', 7, chat('u-other'), FAST)).toEqual({ send: true, notices: [{ webcastId: 'r', from: 6, to: 6 }] });
    expect(thinner.state).toBe('full');
    expect(thinner.skipped).toBe(4);
  });

  it('states every room’s range once the socket drains, and nothing while it is still behind', () => {
    const thinner = createStreamThinner(ME);
    thinner.offer('a', 10, chat('u-other'), SLOW);
    thinner.offer('b', 20, chat('u-other'), SLOW);
    thinner.offer('a', 11, chat('u-other'), SLOW);
    expect(thinner.settle(SLOW)).toEqual([]);
    expect(thinner.settle(0)).toEqual([
      { webcastId: 'a', from: 10, to: 11 },
      { webcastId: 'b', from: 20, to: 20 },
    ]);
    expect(thinner.settle(0)).toEqual([]);
  });

  it('accounts for every offset exactly once: sent, or inside one stated range', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ room: fc.constantFrom('a', 'b'), who: fc.constantFrom('other', 'other', 'other', 'me', 'staff'), bytes: fc.integer({ min: 0, max: 2 * THIN_START_BYTES }) }), { maxLength: 300 }),
        (steps) => {
          const thinner = createStreamThinner(ME);
          const next = { a: 0, b: 0 };
          const seen = { a: [] as number[], b: [] as number[] };
          const state = (notices: readonly SkipNotice[]) => {
            for (const n of notices) for (let o = n.from; o <= n.to; o++) seen[n.webcastId as 'a' | 'b'].push(o);
          };
          for (const step of steps) {
            const offset = ++next[step.room];
            const facts = step.who === 'me' ? chat(ME) : step.who === 'staff' ? chat('u-host', { role: 7 }) : chat('u-other');
            const decision = thinner.offer(step.room, offset, facts, step.bytes);
            state(decision.notices);
            if (decision.send) seen[step.room].push(offset);
            else expect(step.who).toBe('other');
          }
          state(thinner.settle(0));
          // In order, none twice, none missing.
          expect(seen.a).toEqual(Array.from({ length: next.a }, (_, i) => i + 1));
          expect(seen.b).toEqual(Array.from({ length: next.b }, (_, i) => i + 1));
        },
      ),
    );
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
