import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeFrame, encodeFrame, type Frame, type FrameBody } from '../protocol/frame';
import { LOGIN_REPLY_TIMEOUT_MS } from '../domain/constants';
import { createCountingRandom, createFakeClock, createFakeSocketFactory, createRecordingLogger, type FakeSocket } from './fakePorts';
import { RequestError } from './pendingRequests';
import type { RoomOffset } from './ports';
import { CONTROL_PUSHES } from './pushRules';
import type { SessionState } from './sessionMachine';
import { createSocketSession, readJoinReply, type RejoinResult, type SessionStateInfo } from './socketSession';

function setup(sid = 'sid-1', alternateUrls?: readonly string[]) {
  const clock = createFakeClock();
  const sockets = createFakeSocketFactory();
  const logger = createRecordingLogger();
  const states: Array<[SessionState, SessionStateInfo]> = [];
  const pushes: Frame[] = [];
  const malformed: string[] = [];
  const rejoins: RejoinResult[] = [];
  const attempts: number[] = [];
  const world = { rooms: [] as RoomOffset[], onPushThrows: false };
  const session = createSocketSession({
    url: 'ws://host/ws',
    ...(alternateUrls === undefined ? {} : { alternateUrls }),
    sid,
    socketFactory: sockets.factory,
    clock,
    random: createCountingRandom(),
    logger,
    rooms: () => world.rooms,
    onState: (state, info) => states.push([state, info]),
    onPush: (frame) => {
      pushes.push(frame);
      if (world.onPushThrows) throw new Error('listener bug');
    },
    onMalformed: (reason) => malformed.push(reason),
    onRejoin: (result) => rejoins.push(result),
    onAttempt: (attempt) => attempts.push(attempt),
  });
  return { clock, sockets, logger, states, pushes, malformed, rejoins, attempts, world, session };
}

type Setup = ReturnType<typeof setup>;

const framesSent = (socket: FakeSocket): Frame[] =>
  socket.sent.map((text) => {
    const decoded = decodeFrame(text);
    if (!decoded.ok) throw new Error(`the session sent an undecodable frame: ${text}`);
    return decoded.frame;
  });
const codesSent = (socket: FakeSocket): Array<number | null> => framesSent(socket).map((f) => f.code);
const lastSent = (socket: FakeSocket): Frame => {
  const frame = framesSent(socket).at(-1);
  if (frame === undefined) throw new Error('nothing sent');
  return frame;
};

const push = (code: number, body: FrameBody = {}, mid?: string): string => encodeFrame({ code, body, ...(mid === undefined ? {} : { mid }) });
const reply = (code: number, seq: number, body: FrameBody): string => encodeFrame({ code, seq, body });
const LOGIN_OK = push(1100, { status: 200, userId: 'u-1' });

function goOnline(t: Setup): FakeSocket {
  t.session.start();
  const socket = t.sockets.last;
  socket.open();
  socket.deliver(LOGIN_OK);
  return socket;
}

/** Lets promise callbacks run (the fake clock runs timers only). */
const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

const stateNames = (t: Setup): SessionState[] => t.states.map(([s]) => s);

describe('socket session: login', () => {
  it('opens the url on start and sends the login frame on open', () => {
    const t = setup('sid-42');
    t.session.start();
    expect(t.session.state).toBe('connecting');
    expect(t.sockets.sockets.map((s) => s.url)).toEqual(['ws://host/ws']);
    expect(t.sockets.last.sent).toEqual([]);
    t.sockets.last.open();
    expect(t.session.state).toBe('loggingIn');
    const [login] = framesSent(t.sockets.last);
    expect(login?.code).toBeNull();
    // batch:1 asks for batched messages, thin:1 for a thinned stream (docs/protocol.md 5.2).
    expect(login?.headers).toMatchObject({ cmd: 'login', aid: '100', sid: 'sid-42', batch: '1', thin: '1' });
    expect(login?.mid).toMatch(/^[0-9a-zA-Z]{32}$/);
    expect(login?.body).toEqual({});
  });

  it('is online when push 1100 with status 200 arrives, and reports each state once', () => {
    const t = setup();
    goOnline(t);
    expect(t.session.state).toBe('online');
    expect(stateNames(t)).toEqual(['connecting', 'loggingIn', 'online']);
    expect(t.pushes).toEqual([]);
  });

  it('ends as loginRejected on 1100 with another status: socket closed, never reconnects', async () => {
    const t = setup();
    t.session.start();
    t.sockets.last.open();
    t.sockets.last.deliver(push(1100, { status: 402, msg: 'login expired' }));
    expect(t.session.state).toBe('loginRejected');
    expect(t.states.at(-1)).toEqual(['loginRejected', { status: 402, msg: 'login expired' }]);
    expect(t.sockets.last.closedWith).not.toBeNull();
    t.sockets.last.drop();
    t.clock.advance(600_000);
    expect(t.sockets.sockets).toHaveLength(1);
    await expect(t.session.request(7101, {})).rejects.toMatchObject({ reason: 'not-connected' });
  });

  it('ends as loginRejected on a failed 1100 that arrives while online', () => {
    const t = setup();
    goOnline(t);
    t.sockets.last.deliver(push(1100, { status: 4003 }));
    expect(t.session.state).toBe('loginRejected');
    t.clock.advance(600_000);
    expect(t.sockets.sockets).toHaveLength(1);
  });

  it('gives up at once when the login frame cannot be encoded (a line feed in the sid)', () => {
    const t = setup('bad\nsid');
    t.session.start();
    t.sockets.last.open();
    expect(t.session.state).toBe('loginRejected');
    expect(t.logger.errors.length).toBeGreaterThan(0);
    t.clock.advance(600_000);
    expect(t.sockets.sockets).toHaveLength(1);
  });

  it('ignores and logs a move the table does not have (start twice, a second 1100)', () => {
    const t = setup();
    goOnline(t);
    expect(() => t.session.start()).not.toThrow();
    t.sockets.last.deliver(LOGIN_OK);
    expect(t.session.state).toBe('online');
    expect(t.sockets.sockets).toHaveLength(1);
    expect(t.logger.warnings.filter((w) => w.includes('ignored'))).toHaveLength(2);
  });
});

describe('socket session: a login with no answer', () => {
  it('gives the socket up after LOGIN_REPLY_TIMEOUT_MS and logs in through the next address', () => {
    const t = setup('sid-1', ['ws://other/ws']);
    t.session.start();
    const silent = t.sockets.last;
    silent.open();
    t.clock.advance(LOGIN_REPLY_TIMEOUT_MS - 1);
    expect(silent.closedWith).toBeNull();
    expect(t.session.state).toBe('loggingIn');
    t.clock.advance(1);
    expect(silent.closedWith).not.toBeNull();
    expect(t.session.state).toBe('reconnecting');
    expect(t.logger.warnings.some((w) => w.includes('no answer'))).toBe(true);
    t.clock.advance(2_000);
    const next = t.sockets.last;
    expect(next.url).toBe('ws://other/ws');
    next.open();
    next.deliver(LOGIN_OK);
    expect(t.session.state).toBe('online');
    // A late answer on the socket given up changes nothing.
    silent.deliver(LOGIN_OK);
    expect(stateNames(t)).toEqual(['connecting', 'loggingIn', 'reconnecting', 'online']);
  });

  it('gives up a reconnect socket that never answers too, and counts it as an attempt', () => {
    const t = setup();
    goOnline(t).drop();
    t.clock.advance(2_000);
    t.sockets.last.open();
    t.clock.advance(LOGIN_REPLY_TIMEOUT_MS);
    expect(t.sockets.last.closedWith).not.toBeNull();
    expect(t.attempts).toEqual([2]);
    t.clock.advance(2_000);
    t.sockets.last.open();
    t.sockets.last.deliver(LOGIN_OK);
    expect(t.session.state).toBe('online');
  });

  it('has no deadline once the login is answered, nor after a close', () => {
    const t = setup();
    goOnline(t);
    t.clock.advance(10 * LOGIN_REPLY_TIMEOUT_MS);
    expect(t.session.state).toBe('online');
    expect(t.sockets.sockets).toHaveLength(1);
    const u = setup();
    u.session.start();
    u.sockets.last.open();
    u.session.close();
    expect(u.clock.timerCount).toBe(0);
  });
});

describe('socket session: heartbeat', () => {
  it('sends 9001 {} every 30 s from the open, not from the login', () => {
    const t = setup();
    t.session.start();
    const socket = t.sockets.last;
    socket.open();
    t.clock.advance(5_000);
    socket.deliver(LOGIN_OK);
    t.clock.advance(24_999);
    expect(codesSent(socket)).toEqual([null]);
    t.clock.advance(1);
    expect(codesSent(socket)).toEqual([null, 9001]);
    expect(lastSent(socket).body).toEqual({});
    expect(lastSent(socket).mid).toMatch(/^[0-9a-zA-Z]{32}$/);
    t.clock.advance(30_000);
    expect(codesSent(socket)).toEqual([null, 9001, 9001]);
  });

  it('logs in and beats once per socket, even if it reports its open twice', () => {
    const t = setup();
    t.session.start();
    t.sockets.last.drop();
    t.clock.advance(2_000);
    const socket = t.sockets.last;
    socket.open();
    socket.open();
    expect(codesSent(socket)).toEqual([null]);
    socket.deliver(LOGIN_OK);
    t.clock.advance(30_000);
    expect(codesSent(socket)).toEqual([null, 9001]);
    t.session.close();
    expect(t.clock.timerCount).toBe(0);
  });

  it('does not beat before the open', () => {
    const t = setup();
    t.session.start();
    t.clock.advance(60_000);
    expect(t.sockets.last.sent).toEqual([]);
  });

  it('stops on an explicit close and on a lost socket', () => {
    const t = setup();
    const first = goOnline(t);
    first.drop();
    t.clock.advance(1_999);
    expect(codesSent(first)).toEqual([null]);
    t.clock.advance(1);
    const second = t.sockets.last;
    second.open();
    second.deliver(LOGIN_OK);
    t.session.close();
    t.clock.advance(120_000);
    expect(codesSent(second)).toEqual([null]);
    expect(t.clock.timerCount).toBe(0);
  });

  it('consumes the heartbeat reply 9000, with or without a seq', () => {
    const t = setup();
    const socket = goOnline(t);
    t.clock.advance(30_000);
    socket.deliver(reply(9000, lastSent(socket).seq, { status: 200 }));
    socket.deliver(push(9000, { status: 200 }));
    expect(t.pushes).toEqual([]);
    expect(t.logger.warnings).toEqual([]);
  });
});

describe('socket session: reconnect', () => {
  it('reports every attempt after the first with its number, while the state stays reconnecting', () => {
    const t = setup();
    goOnline(t).drop();
    expect(t.states.at(-1)).toEqual(['reconnecting', { attempt: 1 }]);
    expect(t.attempts).toEqual([]);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(2000);
      t.sockets.last.drop();
    }
    expect(t.attempts).toEqual([2, 3, 4]);
    expect(stateNames(t).filter((s) => s === 'reconnecting')).toHaveLength(1);
  });

  it('waits 2 s, calls the reconnecting callback once, re-logs in and rejoins with the offsets of that moment', async () => {
    const t = setup();
    t.world.rooms = [{ webcastId: 'old', offset: 1 }];
    const first = goOnline(t);
    first.drop();
    expect(t.session.state).toBe('reconnecting');
    expect(t.states.at(-1)).toEqual(['reconnecting', { attempt: 1 }]);
    t.clock.advance(1_999);
    expect(t.sockets.sockets).toHaveLength(1);
    t.clock.advance(1);
    expect(t.sockets.sockets).toHaveLength(2);
    // The first attempt fails; the second succeeds.
    t.sockets.last.drop();
    t.clock.advance(2_000);
    expect(t.sockets.sockets).toHaveLength(3);
    t.world.rooms = [
      { webcastId: 'r-a', offset: 41 },
      { webcastId: 'r-b', offset: 0 },
    ];
    const third = t.sockets.last;
    third.open();
    expect(codesSent(third)).toEqual([null]);
    expect(framesSent(third)[0]?.headers.sid).toBe('sid-1');
    third.deliver(LOGIN_OK);
    expect(t.session.state).toBe('online');
    expect(stateNames(t)).toEqual(['connecting', 'loggingIn', 'online', 'reconnecting', 'online']);
    const joins = framesSent(third).filter((f) => f.code === 7001);
    expect(joins.map((f) => f.body)).toEqual([
      { webcastId: 'r-a', offset: 41 },
      { webcastId: 'r-b', offset: 0 },
    ]);
    const [joinA, joinB] = joins;
    third.deliver(reply(7000, joinA?.seq ?? -1, { status: 200, webcastId: 'r-a', offset: 50, online: 7, from: 42 }));
    third.deliver(reply(7000, joinB?.seq ?? -1, { status: 4009, msg: 'another room' }));
    await flush();
    expect(t.rejoins).toEqual([
      { webcastId: 'r-a', ok: true, reply: { webcastId: 'r-a', offset: 50, online: 7, from: 42 } },
      { webcastId: 'r-b', ok: false, error: expect.objectContaining({ reason: 'rejected', status: 4009 }) },
    ]);
  });

  it("moves to the next node's address when its socket is lost or cannot open, and rejoins there from its offsets", () => {
    const t = setup('sid-1', ['ws://node2/ws', 'ws://host/ws', 'ws://node3/ws']);
    t.world.rooms = [{ webcastId: 'r-a', offset: 41 }];
    goOnline(t).drop();
    t.clock.advance(2_000);
    // node2 is down too: the next attempt goes to node3, then back to the first.
    t.sockets.last.drop();
    t.clock.advance(2_000);
    const third = t.sockets.last;
    third.open();
    third.deliver(LOGIN_OK);
    expect(t.sockets.sockets.map((s) => s.url)).toEqual(['ws://host/ws', 'ws://node2/ws', 'ws://node3/ws']);
    expect(framesSent(third).filter((f) => f.code === 7001).map((f) => f.body)).toEqual([{ webcastId: 'r-a', offset: 41 }]);
    third.drop();
    t.clock.advance(2_000);
    expect(t.sockets.last.url).toBe('ws://host/ws');
  });

  it('stays on its one address when no other is configured', () => {
    const t = setup();
    goOnline(t).drop();
    t.clock.advance(2_000);
    t.sockets.last.drop();
    t.clock.advance(2_000);
    expect(new Set(t.sockets.sockets.map((s) => s.url))).toEqual(new Set(['ws://host/ws']));
  });

  it('does not rejoin after the first login', () => {
    const t = setup();
    t.world.rooms = [{ webcastId: 'r-a', offset: 3 }];
    const socket = goOnline(t);
    expect(codesSent(socket)).toEqual([null]);
  });

  it('retries a first connection that never opens', () => {
    const t = setup();
    t.session.start();
    t.sockets.last.drop();
    expect(t.states.at(-1)).toEqual(['reconnecting', { attempt: 1 }]);
    t.clock.advance(2_000);
    t.sockets.last.open();
    t.sockets.last.deliver(LOGIN_OK);
    expect(t.session.state).toBe('online');
  });

  it('fails after the 25th failed attempt and never makes a 26th', () => {
    const t = setup();
    goOnline(t);
    t.sockets.last.drop();
    for (let attempt = 1; attempt <= 24; attempt++) {
      t.clock.advance(2_000);
      expect(t.sockets.sockets).toHaveLength(1 + attempt);
      t.sockets.last.drop();
      expect(t.session.state).toBe('reconnecting');
    }
    t.clock.advance(2_000);
    expect(t.sockets.sockets).toHaveLength(26);
    // The 25th attempt opens but is lost before its login is answered: still a failure.
    t.sockets.last.open();
    t.sockets.last.drop();
    expect(t.session.state).toBe('failed');
    expect(t.states.at(-1)).toEqual(['failed', { attempt: 25 }]);
    expect(stateNames(t).filter((s) => s === 'reconnecting')).toHaveLength(1);
    t.clock.advance(600_000);
    expect(t.sockets.sockets).toHaveLength(26);
    expect(t.clock.timerCount).toBe(0);
  });

  it('starts counting again after a successful reconnect', () => {
    const t = setup();
    goOnline(t);
    t.sockets.last.drop();
    for (let attempt = 1; attempt <= 24; attempt++) {
      t.clock.advance(2_000);
      t.sockets.last.drop();
    }
    t.clock.advance(2_000);
    t.sockets.last.open();
    t.sockets.last.deliver(LOGIN_OK);
    expect(t.session.state).toBe('online');
    t.sockets.last.drop();
    expect(t.states.at(-1)).toEqual(['reconnecting', { attempt: 1 }]);
    for (let attempt = 1; attempt <= 24; attempt++) {
      t.clock.advance(2_000);
      t.sockets.last.drop();
    }
    expect(t.session.state).toBe('reconnecting');
  });

  it('treats a socket factory that throws as a failed attempt, logged', () => {
    const t = setup();
    t.sockets.throwing = true;
    t.session.start();
    expect(t.session.state).toBe('reconnecting');
    expect(t.logger.errors.length).toBe(1);
    t.sockets.throwing = false;
    t.clock.advance(2_000);
    expect(t.sockets.sockets).toHaveLength(1);
  });

  it('ignores every event of a socket it has let go of', () => {
    const t = setup();
    const first = goOnline(t);
    const staleClose = first.onclose;
    const staleMessage = first.onmessage;
    first.drop();
    t.clock.advance(2_000);
    t.sockets.last.open();
    t.sockets.last.deliver(LOGIN_OK);
    first.deliver(push(7101, { webcastId: 'r', offset: 1 }));
    // A socket may still call the hooks it was given: they check the socket is current.
    staleMessage?.({ data: push(7101, { webcastId: 'r', offset: 2 }) });
    staleClose?.({});
    expect(t.pushes).toEqual([]);
    expect(t.session.state).toBe('online');
  });
});

describe('socket session: explicit close', () => {
  it('closes the socket and stops reconnecting for good', () => {
    const t = setup();
    const socket = goOnline(t);
    t.session.close();
    expect(t.session.state).toBe('closed');
    expect(socket.closedWith?.code).toBe(1000);
    // The hooks are let go, so a closed WebSocket keeps nothing of the session alive.
    expect([socket.onopen, socket.onmessage, socket.onclose, socket.onerror]).toEqual([null, null, null, null]);
    socket.drop();
    t.clock.advance(600_000);
    expect(t.sockets.sockets).toHaveLength(1);
    expect(t.states.at(-1)).toEqual(['closed', {}]);
  });

  it('cancels a reconnect that is waiting', () => {
    const t = setup();
    goOnline(t);
    t.sockets.last.drop();
    t.clock.advance(1_000);
    t.session.close();
    t.clock.advance(600_000);
    expect(t.sockets.sockets).toHaveLength(1);
    expect(t.session.state).toBe('closed');
  });

  it('is quiet when the session is already over', () => {
    const t = setup();
    goOnline(t);
    t.session.close();
    const before = t.states.length;
    t.session.close();
    expect(t.states.length).toBe(before);
    expect(t.logger.warnings).toEqual([]);
  });
});

describe('socket session: pushes', () => {
  it.each([...CONTROL_PUSHES])('acks control push %i with code + 1 and the push mid, then passes it on', (code) => {
    const t = setup();
    const socket = goOnline(t);
    socket.deliver(push(code, { roomId: 'x' }, 'the-push-mid'));
    const ack = lastSent(socket);
    expect(ack.code).toBe(code + 1);
    expect(ack.body).toEqual({ mid: 'the-push-mid' });
    expect(ack.seq).toBe(0);
    expect(ack.mid).toMatch(/^[0-9a-zA-Z]{32}$/);
    expect(t.pushes.map((p) => [p.code, p.body])).toEqual([[code, { roomId: 'x' }]]);
  });

  it('acks 4201 with 4102 and 4133 with 4134, same body, then passes them on', () => {
    const t = setup();
    const socket = goOnline(t);
    socket.deliver(push(4201, { state: 'connected' }, 'a'));
    expect(lastSent(socket)).toMatchObject({ code: 4102, body: { state: 'connected' } });
    socket.deliver(push(4133, { from: 'host' }, 'b'));
    expect(lastSent(socket)).toMatchObject({ code: 4134, body: { from: 'host' } });
    expect(t.pushes.map((p) => p.code)).toEqual([4201, 4133]);
  });

  it('ignores 9002', () => {
    const t = setup();
    const socket = goOnline(t);
    socket.deliver(push(9002, { anything: 1 }));
    expect(t.pushes).toEqual([]);
    expect(codesSent(socket)).toEqual([null]);
  });

  it('passes room messages and other pushes on without an ack', () => {
    const t = setup();
    const socket = goOnline(t);
    socket.deliver(push(7101, { webcastId: 'r', offset: 1, body: 'hi' }));
    socket.deliver(push(4109, { by: 'network' }));
    expect(t.pushes.map((p) => p.code)).toEqual([7101, 4109]);
    expect(codesSent(socket)).toEqual([null]);
  });

  it('ends on 9004: socket closed, pending requests rejected, never reconnects', async () => {
    const t = setup();
    const socket = goOnline(t);
    const waiting = t.session.request(7101, { body: 'x' });
    socket.deliver(push(9004));
    expect(t.session.state).toBe('endedElsewhere');
    expect(socket.closedWith).not.toBeNull();
    await expect(waiting).rejects.toMatchObject({ reason: 'connection-closed' });
    socket.drop();
    t.clock.advance(600_000);
    expect(t.sockets.sockets).toHaveLength(1);
    expect(t.pushes).toEqual([]);
  });

  it('drops and counts malformed frames without closing or throwing', () => {
    const t = setup();
    const socket = goOnline(t);
    socket.deliver(42);
    socket.deliver('garbage');
    socket.deliver('mid:x\n\n{}');
    expect(t.malformed).toEqual(['not-text', 'no-blank-line', 'no-code']);
    expect(t.session.malformedCount).toBe(3);
    expect(t.session.state).toBe('online');
    expect(socket.closedWith).toBeNull();
  });

  it('takes every frame of a batched message, in order; a bad one is dropped alone', () => {
    const t = setup();
    const socket = goOnline(t);
    const frames = [push(7101, { webcastId: 'r', offset: 1 }), 'garbage', push(7109, { webcastId: 'r', offset: 2, online: 3, praise: 4 }), push(6105, {}, 'm')];
    socket.deliver(frames.join('\u001e'));
    expect(t.pushes.map((f) => f.code)).toEqual([7101, 7109, 6105]);
    expect(t.malformed).toEqual(['no-blank-line']);
    expect(lastSent(socket).code).toBe(6106);
  });

  it('stops at a frame of a batch that ends the session: the rest belongs to a socket let go', () => {
    const t = setup();
    const socket = goOnline(t);
    socket.deliver([push(7101, { webcastId: 'r', offset: 1 }), push(9004), push(7101, { webcastId: 'r', offset: 2 })].join('\u001e'));
    expect(t.session.state).toBe('endedElsewhere');
    expect(t.pushes.map((f) => f.body.offset)).toEqual([1]);
  });

  it('logs a listener that throws and carries on', () => {
    const t = setup();
    const socket = goOnline(t);
    t.world.onPushThrows = true;
    expect(() => socket.deliver(push(7101, { webcastId: 'r', offset: 1 }))).not.toThrow();
    expect(t.logger.errors).toHaveLength(1);
    socket.deliver(push(6105, {}, 'm'));
    expect(lastSent(socket).code).toBe(6106);
  });
});

describe('socket session: progress reports (thinned stream)', () => {
  const progressSent = (socket: FakeSocket): FrameBody[] => framesSent(socket).filter((f) => f.code === 7202).map((f) => f.body);

  it('reports each room that moved, at most every 100 ms while room messages arrive, and nothing when quiet', () => {
    const t = setup();
    const socket = goOnline(t);
    t.world.rooms = [{ webcastId: 'r1', offset: 5 }, { webcastId: 'r2', offset: 0 }];
    socket.deliver(push(7101, { webcastId: 'r1', offset: 5 }));
    t.clock.advance(99);
    expect(progressSent(socket)).toEqual([]);
    t.clock.advance(1);
    expect(progressSent(socket)).toEqual([{ webcastId: 'r1', offset: 5 }]);
    // A skip notice moves the offset too; only the room that moved is reported.
    t.world.rooms = [{ webcastId: 'r1', offset: 40 }, { webcastId: 'r2', offset: 0 }];
    socket.deliver(push(7201, { webcastId: 'r1', from: 6, to: 40 }));
    t.clock.advance(100);
    expect(progressSent(socket)).toEqual([{ webcastId: 'r1', offset: 5 }, { webcastId: 'r1', offset: 40 }]);
    // Other pushes, or nothing new: no report.
    socket.deliver(push(9002, {}));
    t.clock.advance(1000);
    socket.deliver(push(7101, { webcastId: 'r1', offset: 40 }));
    t.clock.advance(1000);
    expect(progressSent(socket)).toHaveLength(2);
  });

  it('a new socket reports afresh', () => {
    const t = setup();
    const first = goOnline(t);
    t.world.rooms = [{ webcastId: 'r1', offset: 7 }];
    first.deliver(push(7101, { webcastId: 'r1', offset: 7 }));
    t.clock.advance(100);
    expect(progressSent(first)).toEqual([{ webcastId: 'r1', offset: 7 }]);
    first.drop();
    t.clock.advance(2000);
    const second = t.sockets.last;
    expect(second).not.toBe(first);
    second.open();
    second.deliver(LOGIN_OK);
    second.deliver(push(7101, { webcastId: 'r1', offset: 7 }));
    t.clock.advance(100);
    expect(progressSent(second)).toEqual([{ webcastId: 'r1', offset: 7 }]);
  });
});

describe('socket session: requests', () => {
  it('sends code, increasing seq and a random mid; resolves with the body of status 200', async () => {
    const t = setup();
    const socket = goOnline(t);
    const p = t.session.request(7101, { body: 'hello' });
    const sent = lastSent(socket);
    expect(sent).toMatchObject({ code: 7101, body: { body: 'hello' } });
    expect(sent.seq).toBeGreaterThan(0);
    expect(sent.mid).toMatch(/^[0-9a-zA-Z]{32}$/);
    void t.session.request(7103, { msgId: 'm' }).catch(() => undefined);
    const next = lastSent(socket);
    expect(next.seq).toBeGreaterThan(sent.seq);
    expect(next.mid).not.toBe(sent.mid);
    socket.deliver(reply(7100, sent.seq, { status: 200, msgId: 'm-1' }));
    await expect(p).resolves.toEqual({ status: 200, msgId: 'm-1' });
    expect(t.pushes).toEqual([]);
    t.session.close();
  });

  it('rejects a reply with another status with code, status and msg', async () => {
    const t = setup();
    const socket = goOnline(t);
    const p = t.session.request(7101, { body: 'x' });
    socket.deliver(reply(7100, lastSent(socket).seq, { status: 4403, msg: 'in review' }));
    const error = await p.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ reason: 'rejected', code: 7101, status: 4403, msg: 'in review' });
  });

  it('times out after 10 s without a reply', async () => {
    const t = setup();
    goOnline(t);
    const p = t.session.request(2401, { webcastId: 'r', after: 0, limit: 10 });
    let settled = false;
    p.catch(() => undefined).finally(() => (settled = true));
    t.clock.advance(9_999);
    await flush();
    expect(settled).toBe(false);
    t.clock.advance(1);
    await expect(p).rejects.toMatchObject({ reason: 'timeout', code: 2401 });
  });

  it('takes a timeout per request', async () => {
    const t = setup();
    goOnline(t);
    const p = t.session.request(2401, {}, { timeoutMs: 500 });
    t.clock.advance(500);
    await expect(p).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('matches two requests in flight by seq, whatever order the replies come in', async () => {
    const t = setup();
    const socket = goOnline(t);
    const first = t.session.request(7001, { webcastId: 'a', offset: 0 });
    const firstSeq = lastSent(socket).seq;
    const second = t.session.request(7001, { webcastId: 'b', offset: 0 });
    const secondSeq = lastSent(socket).seq;
    socket.deliver(reply(7000, secondSeq, { status: 200, webcastId: 'b', offset: 9 }));
    socket.deliver(reply(7000, firstSeq, { status: 200, webcastId: 'a', offset: 4 }));
    await expect(first).resolves.toMatchObject({ webcastId: 'a', offset: 4 });
    await expect(second).resolves.toMatchObject({ webcastId: 'b', offset: 9 });
  });

  it('drops and logs a reply that answers no waiting request', () => {
    const t = setup();
    const socket = goOnline(t);
    socket.deliver(reply(7000, 99, { status: 200 }));
    expect(t.pushes).toEqual([]);
    expect(t.logger.warnings).toHaveLength(1);
  });

  it('rejects the waiting requests when the socket closes', async () => {
    const t = setup();
    const socket = goOnline(t);
    const p = t.session.request(7101, { body: 'x' });
    socket.drop();
    await expect(p).rejects.toMatchObject({ reason: 'connection-closed', code: 7101 });
  });

  it.each<[string, (t: Setup) => void]>([
    ['idle', () => undefined],
    ['connecting', (t) => t.session.start()],
    ['loggingIn', (t) => (t.session.start(), t.sockets.last.open())],
    ['reconnecting', (t) => (goOnline(t), t.sockets.last.drop())],
    ['closed', (t) => (goOnline(t), t.session.close())],
  ])('while %s: logs an error and rejects as not-connected, without throwing or sending', async (state, arrange) => {
    const t = setup();
    arrange(t);
    expect(t.session.state).toBe(state);
    const sentBefore = t.sockets.sockets.map((s) => s.sent.length);
    let p: Promise<unknown> = Promise.resolve();
    expect(() => (p = t.session.request(7101, { body: 'x' }))).not.toThrow();
    await expect(p).rejects.toMatchObject({ reason: 'not-connected', code: 7101 });
    expect(t.logger.errors.some((e) => e.includes('7101'))).toBe(true);
    expect(t.sockets.sockets.map((s) => s.sent.length)).toEqual(sentBefore);
  });

  it('refuses a code that is not a request code', async () => {
    const t = setup();
    goOnline(t);
    await expect(t.session.request(7100, {})).rejects.toMatchObject({ reason: 'send-failed' });
    expect(t.logger.errors).toHaveLength(1);
  });

  it('rejects a body that cannot be encoded instead of throwing', async () => {
    const t = setup();
    goOnline(t);
    let p: Promise<unknown> = Promise.resolve();
    expect(() => (p = t.session.request(7101, { n: 1n }))).not.toThrow();
    await expect(p).rejects.toMatchObject({ reason: 'send-failed' });
  });

  it('rejects when the socket refuses the text', async () => {
    const t = setup();
    const socket = goOnline(t);
    socket.send = () => {
      throw new Error('InvalidStateError');
    };
    await expect(t.session.request(7101, {})).rejects.toMatchObject({ reason: 'send-failed', msg: 'InvalidStateError' });
  });
});

describe('socket session: join and leave', () => {
  it('joins with 7001 {webcastId, offset} and reads the 7000 reply', async () => {
    const t = setup();
    const socket = goOnline(t);
    const p = t.session.join('room-1', 12);
    const sent = lastSent(socket);
    expect(sent).toMatchObject({ code: 7001, body: { webcastId: 'room-1', offset: 12 } });
    socket.deliver(reply(7000, sent.seq, { status: 200, webcastId: 'room-1', offset: 30, online: 5, from: 13 }));
    await expect(p).resolves.toEqual({ webcastId: 'room-1', offset: 30, online: 5, from: 13 });
  });

  it('leaves with 7003 {webcastId}', async () => {
    const t = setup();
    const socket = goOnline(t);
    const p = t.session.leave('room-1');
    const sent = lastSent(socket);
    expect(sent).toMatchObject({ code: 7003, body: { webcastId: 'room-1' } });
    socket.deliver(reply(7002, sent.seq, { status: 200 }));
    await expect(p).resolves.toBeUndefined();
  });

  it('reads a join reply: offset required, the rest defaulted', () => {
    expect(readJoinReply('r', { status: 200, offset: 0 })).toEqual({ webcastId: 'r', offset: 0, online: 0, from: null });
    expect(() => readJoinReply('r', { status: 200 })).toThrow(RequestError);
    expect(() => readJoinReply('r', { status: 200, offset: -1 })).toThrow(RequestError);
    expect(() => readJoinReply('r', { status: 200, offset: '3' })).toThrow(RequestError);
  });
});

describe('socket session: robustness', () => {
  const interesting = fc.constantFrom(1100, 9000, 9002, 9004, 7000, 7101, 4133, 4201, 6105, 6167, 9001, 0);
  const frameText = fc
    .record({
      code: fc.oneof(interesting, fc.nat(20_000)),
      seq: fc.oneof(fc.constant(0), fc.nat(5)),
      mid: fc.option(fc.string({ maxLength: 40 }).filter((s) => !s.includes('\n')), { nil: undefined }),
      body: fc.dictionary(fc.constantFrom('status', 'msg', 'offset', 'webcastId', 'mid', 'x'), fc.jsonValue()),
    })
    .map(({ code, seq, mid, body }) => encodeFrame({ code, seq, body, ...(mid === undefined ? {} : { mid }) }));
  const incoming = fc.oneof(frameText, fc.string(), fc.anything());
  const step = fc.oneof(
    { weight: 8, arbitrary: incoming.map((data) => ({ kind: 'data' as const, data })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'drop' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'open' as const }) },
    { weight: 1, arbitrary: fc.nat(40_000).map((ms) => ({ kind: 'time' as const, ms })) },
  );

  it('never throws out of the session, whatever comes in', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 60 }), async (steps) => {
        const t = setup();
        goOnline(t);
        for (const s of steps) {
          const socket = t.sockets.last;
          if (s.kind === 'data') socket.deliver(s.data);
          else if (s.kind === 'drop') socket.drop();
          else if (s.kind === 'open') socket.open();
          else t.clock.advance(s.ms);
          if (t.session.state === 'online') void t.session.request(7101, { body: 'x' }).catch(() => undefined);
        }
        t.session.close();
        await flush();
        expect(t.clock.timerCount).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('socket session: its state, readable', () => {
  it('shows the socket, the address, the attempts and the progress reported, as one plain object', () => {
    const t = setup('sid-1', ['ws://other/ws']);
    expect(t.session.inspect()).toMatchObject({ state: 'idle', socket: null, attempt: 0, addressIndex: 0 });
    const first = goOnline(t);
    expect(t.session.inspect()).toMatchObject({ state: 'online', socket: first, addressIndex: 0 });
    expect(t.session.inspect().heartbeatTimer).not.toBeNull();
    t.world.rooms = [{ webcastId: 'r1', offset: 7 }];
    t.session.noteApplied();
    t.clock.advance(60_000);
    expect(t.session.inspect().progress.reported.get('r1')).toBe(7);
    first.drop();
    const lost = t.session.inspect();
    expect(lost).toMatchObject({ state: 'reconnecting', socket: null, addressIndex: 1, heartbeatTimer: null });
    expect(lost.reconnectTimer).not.toBeNull();
    // A new socket reports afresh: what the old one heard counts for nothing.
    expect(lost.progress.reported.size).toBe(0);
  });
});
