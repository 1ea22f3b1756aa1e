import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeFrame, type FrameBody } from '../protocol/frame';
import { readSocketFrame } from './chatScan';
import { createDeltaCoalescer, type ChatDelta, type DeltaSchedule } from './deltas';
import { CHAT_FILTERS } from './filters';
import { LazyChatEntry, plainEntries } from './lazyChatEntry';
import { createRoomHub, type HubChange, type RoomHub } from './roomHub';

const ROOM = '10001';
const MY_UID = 'me-1';

/** Ticks on demand, as a frame would run them. */
function ticks(): DeltaSchedule & { run(): void } {
  let due: (() => void)[] = [];
  const add = (fn: () => void) => {
    due.push(fn);
    return () => {
      due = due.filter((f) => f !== fn);
    };
  };
  return {
    visible: add,
    hidden: add,
    soon: add,
    run() {
      const now = due;
      due = [];
      for (const fn of now) fn();
    },
  };
}

/** A hub and one coalescer per filter, recording what each tab would be sent. */
function worker() {
  const schedule = ticks();
  const sent: Record<string, ChatDelta[]> = {};
  const coalescers = CHAT_FILTERS.map((filter) => {
    sent[filter] = [];
    return createDeltaCoalescer({ filter, visible: true, schedule, emit: (delta) => sent[filter]!.push(structuredClone(delta)) });
  });
  const hub: RoomHub = createRoomHub({
    webcastId: ROOM,
    myUid: MY_UID,
    requestHistory: () => Promise.reject(new Error('no history here')),
    onChange: (change: HubChange) => {
      for (const c of coalescers) c.push(change);
    },
    schedule: () => () => undefined,
  });
  hub.start(0);
  return { hub, schedule, sent };
}

type Step = { kind: 'chat'; body: FrameBody } | { kind: 'withdraw'; of: number } | { kind: 'tick' };

const uid = fc.constantFrom(MY_UID, 'u-1', 'u-2', 'host-1');
const chat = fc.record({
  uid,
  role: fc.constantFrom(5, 5, 5, 6, 8),
  body: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('[微笑] hi', `@${MY_UID} look`, 'say "x"', '')),
  picked_uid: fc.oneof(fc.constant([] as string[]), fc.array(uid, { maxLength: 2 })),
  highlight: fc.boolean(),
});
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 20, arbitrary: chat.map((body) => ({ kind: 'chat' as const, body })) },
  { weight: 1, arbitrary: fc.nat(400).map((of) => ({ kind: 'withdraw' as const, of })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'tick' as const }) },
);

describe('unparsed chat entries', () => {
  it('give every tab exactly what parsed pushes give it: the same deltas, the same buffer', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 700 }), (steps) => {
        const parsed = worker();
        const lazy = worker();
        let offset = 0;
        for (const s of steps) {
          if (s.kind === 'tick') {
            parsed.schedule.run();
            lazy.schedule.run();
            continue;
          }
          offset += 1;
          const body =
            s.kind === 'chat'
              ? { msgId: `m${offset}`, name: 'n', roleName: '', sendTime: offset, ...s.body, webcastId: ROOM, offset }
              : { msgId: `m${Math.max(1, offset - 1 - s.of)}`, webcastId: ROOM, offset };
          const code = s.kind === 'chat' ? 7101 : 7103;
          const frame = encodeFrame({ code, body });
          parsed.hub.apply(code, JSON.parse(frame.slice(frame.indexOf('\n\n') + 2)) as FrameBody);
          const read = readSocketFrame(frame);
          if (!read.ok || read.frame.code === null) throw new Error('a frame did not read');
          lazy.hub.apply(read.frame.code, read.frame.body);
        }
        parsed.schedule.run();
        lazy.schedule.run();
        expect(lazy.sent).toEqual(parsed.sent);
        expect(plainEntries(lazy.hub.snapshot().entries)).toEqual(parsed.hub.snapshot().entries);
        expect(lazy.hub.stats()).toEqual(parsed.hub.stats());
      }),
      { numRuns: 150 },
    );
  });

  it('are mostly never parsed in a flood: only what a delta, a priority check or a withdraw reads', () => {
    const w = worker();
    let parses = 0;
    const original = LazyChatEntry.prototype.plain;
    LazyChatEntry.prototype.plain = function plain(this: LazyChatEntry) {
      if (this.unparsedBody !== null) parses++;
      return original.call(this);
    };
    try {
      for (let offset = 1; offset <= 5000; offset++) {
        const frame = encodeFrame({ code: 7101, body: { msgId: `m${offset}`, uid: `u-${offset % 50}`, name: 'n', role: 5, sendTime: offset, body: 'flood', webcastId: ROOM, offset } });
        const read = readSocketFrame(frame);
        if (read.ok && read.frame.code !== null) w.hub.apply(read.frame.code, read.frame.body);
        if (offset % 1000 === 0) w.schedule.run();
      }
    } finally {
      LazyChatEntry.prototype.plain = original;
    }
    // Five deltas, each a flood's screen (40) per filter that shows them ("all" only).
    expect(w.sent.all!.length).toBe(5);
    expect(parses).toBeLessThanOrEqual(5 * 41);
  });

  it('count a body that does not parse as malformed when it is read, and leave it out of what a tab gets', () => {
    const w = worker();
    const good = encodeFrame({ code: 7101, body: { msgId: 'm1', uid: 'u-1', sendTime: 1, body: 'ok', webcastId: ROOM, offset: 1 } });
    // Its end reads as a room and an offset; its start is no JSON.
    const bad = 'code:7101\n\n{"msgId":"m2",,"webcastId":"10001","offset":2}';
    for (const frame of [good, bad]) {
      const read = readSocketFrame(frame);
      if (read.ok && read.frame.code !== null) w.hub.apply(read.frame.code, read.frame.body);
    }
    w.schedule.run();
    expect(w.sent.all!.at(-1)?.append.map((e) => e.msgId)).toEqual(['m1']);
    expect(w.hub.stats().malformed).toBe(1);
    expect(w.hub.lastOffset()).toBe(2);
  });
});
