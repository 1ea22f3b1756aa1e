import { describe, expect, it } from 'vitest';
import { INITIAL_MIC_STATE, isMicCode, readMicPush, SIGNALS_KEPT, type MicRoomState } from './micState';
import { createRoomHub, type HubChange } from './roomHub';

const ME = 'u1';
const ROOM = 'w1';

/** Applies pushes in order, as the hub does; a null or 'ignored' read leaves the state. */
function afterPushes(pushes: ReadonlyArray<readonly [number, Record<string, unknown>]>, start: MicRoomState = INITIAL_MIC_STATE): MicRoomState {
  let mic = start;
  for (const [code, body] of pushes) {
    mic = readMicPush(code, { webcastId: ROOM, ...body }, mic, ME) ?? mic;
  }
  return mic;
}

const queue = (...uids: string[]) => [4113, { users: uids.map((uid) => ({ uid, name: `name ${uid}` })) }] as const;

describe('the viewer mic as the server tells it', () => {
  it('applying is being in the queue (from any tab); leaving it without an answer is a cancel', () => {
    const applying = afterPushes([queue('u9', ME)]);
    expect(applying).toMatchObject({ phase: 'applying', queue: [{ uid: 'u9' }, { uid: ME }] });
    expect(afterPushes([queue()], applying)).toMatchObject({ phase: 'idle', ended: null, queue: [] });
    // Someone else's application changes the queue only.
    expect(afterPushes([queue('u9')])).toMatchObject({ phase: 'idle', queue: [{ uid: 'u9' }] });
  });

  it('accepted, connected, then ended by the host', () => {
    const mic = afterPushes([queue(ME), [4103, { uid: ME, from: 'host-1' }], queue(), [4107, { uid: ME }]]);
    expect(mic).toMatchObject({ phase: 'connected', hostSide: 'host-1' });
    const ended = afterPushes([[4109, { uid: ME, by: 'host' }]], mic);
    expect(ended).toMatchObject({ phase: 'idle', hostSide: null, ended: { kind: 'endedByHost', seq: 1 } });
    const again = afterPushes([queue(ME), [4105, { uid: ME, reason: 'rejected' }], queue()], ended);
    expect(again).toMatchObject({ phase: 'idle', ended: { kind: 'rejected', seq: 2 } });
  });

  it('closing requests refuses a waiting application as such', () => {
    const mic = afterPushes([[4111, { open: true }], queue(ME), [4111, { open: false }], [4105, { uid: ME, reason: 'requests closed' }], queue()]);
    expect(mic).toMatchObject({ open: false, phase: 'idle', ended: { kind: 'requestsClosed' } });
  });

  it('an invitation is connecting with who invited; a network loss, a kick are told apart', () => {
    const invited = afterPushes([[4133, { uid: ME, from: 'host1' }]]);
    expect(invited).toMatchObject({ phase: 'connecting', invitedBy: 'host1', hostSide: 'host1' });
    expect(afterPushes([[4109, { uid: ME, by: 'network' }]], invited)).toMatchObject({ phase: 'idle', invitedBy: null, ended: { kind: 'networkLost' } });
    expect(afterPushes([[4109, { uid: ME, by: 'kicked' }]], invited).ended?.kind).toBe('kicked');
  });

  it("another viewer's pushes are not this viewer's, only counted as changes (the console reads the users again)", () => {
    for (const [code, body] of [
      [4101, { uid: 'u9', name: 'x' }],
      [4103, { uid: 'u9' }],
      [4105, { uid: 'u9', reason: 'rejected' }],
      [4107, { uid: 'u9' }],
      [4109, { uid: 'u9', by: 'host' }],
      [4133, { uid: 'u9', from: 'h' }],
    ] as const) {
      expect(readMicPush(code, { webcastId: ROOM, ...body }, INITIAL_MIC_STATE, ME)).toEqual({ ...INITIAL_MIC_STATE, changes: 1 });
    }
  });

  it('the login snapshot restores the state, and idle there after being on the mic is a network loss', () => {
    const connected = afterPushes([[4201, { state: 'connected', open: true }]]);
    expect(connected).toMatchObject({ phase: 'connected', open: true, ended: null });
    expect(afterPushes([[4201, { state: 'idle', open: true }]], connected)).toMatchObject({ phase: 'idle', ended: { kind: 'networkLost' } });
    // A fresh page told idle: nothing ended.
    expect(afterPushes([[4201, { state: 'idle', open: false }]])).toMatchObject({ phase: 'idle', open: false, ended: null });
  });

  it('each login snapshot is counted (the page publishes its microphone anew only after the server said), other pushes are not', () => {
    const once = afterPushes([[4201, { state: 'connected', open: true }]]);
    expect(once.snapshots).toBe(1);
    expect(afterPushes([[4201, { state: 'idle', open: true }]], once)).toMatchObject({ snapshots: 2, ended: { kind: 'networkLost' } });
    expect(afterPushes([[4107, { uid: ME }], queue('u9')], once).snapshots).toBe(1);
  });

  it('who is on the mic goes to the whole room with the queue', () => {
    const mic = afterPushes([[4113, { users: [], onMic: [{ uid: 'u7', name: 'Ann' }] }]]);
    expect(mic.onMic).toEqual([{ uid: 'u7', name: 'Ann' }]);
    // An older server's 4113 without it keeps what was known.
    expect(afterPushes([queue('u9')], mic).onMic).toEqual([{ uid: 'u7', name: 'Ann' }]);
    expect(readMicPush(4113, { users: [], onMic: 'Ann' }, INITIAL_MIC_STATE, ME)).toBeNull();
    // A viewer arriving later learns it from the snapshot its join gets.
    expect(afterPushes([[4201, { state: 'idle', open: true, onMic: [{ uid: 'u7', name: 'Ann' }] }]]).onMic).toEqual([{ uid: 'u7', name: 'Ann' }]);
  });

  it('malformed bodies are null, never a throw', () => {
    const bad: Array<[number, Record<string, unknown>]> = [
      [4103, {}],
      [4109, { uid: ME, by: 'aliens' }],
      [4111, { open: 'yes' }],
      [4113, { users: 'all' }],
      [4113, { users: [{ uid: ME }] }],
      [4113, { users: [{ uid: ME, name: 'x'.repeat(201) }] }],
      [4133, { uid: ME, from: { x: 1 } }],
      [4201, { state: 'flying' }],
      [4201, { state: 'idle', open: 1 }],
    ];
    for (const [code, body] of bad) expect(readMicPush(code, body, INITIAL_MIC_STATE, ME)).toBeNull();
    expect(isMicCode(4115)).toBe(false);
    expect(isMicCode(4201)).toBe(true);
  });
});

describe('the room hub and mic pushes', () => {
  it('applies a mic push without a room offset at once, into the state a tab gets', () => {
    const changes: HubChange[] = [];
    const hub = createRoomHub({ webcastId: ROOM, myUid: ME, schedule: () => () => undefined, onChange: (c) => changes.push(c), requestHistory: () => Promise.resolve([]) });
    hub.start(0, 0);
    hub.apply(4201, { webcastId: ROOM, state: 'applying', open: true });
    hub.apply(4103, { webcastId: ROOM, uid: ME });
    hub.apply(4103, { webcastId: ROOM }); // malformed: counted
    expect(hub.snapshot().state.mic).toMatchObject({ phase: 'connecting', open: true });
    expect(changes.map((c) => (c.state as { mic?: MicRoomState }).mic?.phase)).toEqual(['applying', 'connecting']);
    expect(hub.stats().malformed).toBe(1);
    expect(hub.lastOffset()).toBe(0);
  });
});

describe("viewers' messages to the host side (4121)", () => {
  it('kept newest last with who sent them, at most SIGNALS_KEPT; text or {text}; malformed ones dropped', () => {
    let mic: MicRoomState = INITIAL_MIC_STATE;
    mic = readMicPush(4121, { webcastId: ROOM, from: 'u1', name: 'Ann', content: { text: ' I cannot hear you ' } }, mic, 'host') ?? mic;
    mic = readMicPush(4121, { webcastId: ROOM, from: 'u2', name: 'Bo', content: 'Ready' }, mic, 'host') ?? mic;
    expect(mic.signals).toEqual([
      { from: 'u1', name: 'Ann', text: 'I cannot hear you', seq: 1 },
      { from: 'u2', name: 'Bo', text: 'Ready', seq: 2 },
    ]);
    expect(readMicPush(4121, { from: 'u1', name: 'Ann', content: { text: '  ' } }, mic, 'host')).toBeNull();
    expect(readMicPush(4121, { from: 'u1', name: 'Ann', content: 42 }, mic, 'host')).toBeNull();
    expect(readMicPush(4121, { name: 'Ann', content: 'x' }, mic, 'host')).toBeNull();
    for (let i = 0; i < SIGNALS_KEPT + 5; i++) mic = readMicPush(4121, { from: 'u3', name: 'Cy', content: `m${i}` }, mic, 'host') ?? mic;
    expect(mic.signals).toHaveLength(SIGNALS_KEPT);
    expect(mic.signals.at(-1)?.text).toBe(`m${SIGNALS_KEPT + 4}`);
    expect(isMicCode(4121)).toBe(true);
  });
});
