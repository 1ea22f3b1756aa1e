/**
 * A small in-memory stand-in for the room server's socket side (PROTOCOL 2.3 and 2.4), for
 * unit tests of the worker's service: it answers the frames a FakeSocket sent (login, join
 * with replay, leave, history sync, chat send and withdraw) the way server/socket does, so
 * the tests read as conversations rather than byte fiddling. Browser tests use the real
 * server; this only exists because a worker's socket cannot be intercepted there.
 */
import type { FakeSocket, FakeSocketFactory } from './fakePorts';
import { decodeFrame, encodeFrame, type FrameBody } from '../protocol/frame';

interface LoggedMessage {
  readonly code: number;
  readonly body: FrameBody;
}

export interface FakeRoomServer {
  /** Answers every frame the clients sent since the last pump (call after each step). */
  pump(): void;
  /** Publishes a room message to the room's log and to the joined sockets. */
  publish(webcastId: string, code: number, body: FrameBody): number;
  chat(webcastId: string, uid: string, text: string, extra?: FrameBody): number;
  /** Offsets of the room's log. */
  latest(webcastId: string): number;
  /** Sockets currently joined to the room. */
  members(webcastId: string): FakeSocket[];
  /** Codes of the requests the server has answered, in order. */
  readonly requests: number[];
  /** Refuse logins with this status (null: accept). */
  refuseLogin: number | null;
  /** Live pushes to skip (lost in flight), counted down as messages are published. */
  losePushes: number;
  /** Most messages a join replays (the real server: 1,000); older ones need history sync. */
  replayLimit: number;
  /** A push (seq 0, no room) to every open socket of the user, as the group service sends them. */
  pushTo(uid: string, code: number, body: FrameBody): void;
  /** The life of the logs a clustered server names in join replies (docs/protocol.md 5.6); null: none named, as one process. */
  epoch: string | null;
  /** The room's log is lost and begins again under a new epoch (a cluster's Redis lost its data). */
  loseLog(webcastId: string, epoch: string): void;
}

/** Answers requests the fake does not know itself (e.g. the group codes): a reply body, or undefined for 4501. */
export type FakeRequestHandler = (code: number, body: FrameBody, uid: string) => { readonly status?: number; readonly body: FrameBody } | undefined;

export function createFakeRoomServer(
  factory: FakeSocketFactory,
  options: { readonly uidOf?: (sid: string) => string; readonly handle?: FakeRequestHandler } = {},
): FakeRoomServer {
  const logs = new Map<string, LoggedMessage[]>();
  const joined = new Map<string, Set<FakeSocket>>();
  const read = new Map<FakeSocket, number>();
  const users = new Map<FakeSocket, string>();
  const requests: number[] = [];
  let nextMsg = 1;

  const logOf = (webcastId: string): LoggedMessage[] => {
    let log = logs.get(webcastId);
    if (log === undefined) {
      log = [];
      logs.set(webcastId, log);
    }
    return log;
  };
  const send = (socket: FakeSocket, frame: Parameters<typeof encodeFrame>[0]): void => {
    if (socket.closedWith === null) socket.deliver(encodeFrame(frame));
  };
  const roomFrame = (m: LoggedMessage) => ({ code: m.code, body: m.body });

  const self: FakeRoomServer = {
    requests,
    refuseLogin: null,
    losePushes: 0,
    replayLimit: Number.POSITIVE_INFINITY,
    epoch: null,
    loseLog(webcastId, epoch) {
      logs.set(webcastId, []);
      self.epoch = epoch;
    },
    publish(webcastId, code, body) {
      const log = logOf(webcastId);
      const message = { code, body: { ...body, webcastId, offset: log.length + 1 } };
      log.push(message);
      if (self.losePushes > 0) {
        self.losePushes--;
        return message.body.offset;
      }
      for (const socket of joined.get(webcastId) ?? []) send(socket, roomFrame(message));
      return message.body.offset;
    },
    chat(webcastId, uid, text, extra = {}) {
      const msgId = `m${nextMsg++}`;
      return self.publish(webcastId, 7101, { msgId, uid, name: `user ${uid}`, role: 5, roleName: 'guest', sendTime: 1000, body: text, ...extra });
    },
    latest: (webcastId) => logOf(webcastId).length,
    pushTo(uid, code, body) {
      for (const [socket, user] of users) if (user === uid) send(socket, { code, body });
    },
    members: (webcastId) => [...(joined.get(webcastId) ?? [])].filter((s) => s.closedWith === null),
    pump() {
      for (const socket of factory.sockets) {
        const from = read.get(socket) ?? 0;
        read.set(socket, socket.sent.length);
        for (const text of socket.sent.slice(from)) {
          const decoded = decodeFrame(text);
          if (!decoded.ok) continue;
          const frame = decoded.frame;
          if (frame.headers.cmd === 'login') {
            const sid = String(frame.headers.sid);
            if (self.refuseLogin !== null) {
              send(socket, { code: 1100, body: { status: self.refuseLogin, msg: 'refused' } });
              continue;
            }
            const uid = options.uidOf?.(sid) ?? `u-${sid}`;
            users.set(socket, uid);
            send(socket, { code: 1100, body: { status: 200, userId: uid } });
            continue;
          }
          if (frame.code === null) continue;
          requests.push(frame.code);
          const body = frame.body;
          const webcastId = String(body.webcastId);
          const answer = (replyBody: FrameBody, status = 200): void =>
            send(socket, { code: (frame.code ?? 1) - 1, seq: frame.seq, body: { status, ...replyBody } });
          switch (frame.code) {
            case 9001:
              answer({});
              break;
            case 7001: {
              const offset = typeof body.offset === 'number' ? body.offset : 0;
              // Offsets of another epoch name nothing in this log: replay from its start.
              const after = self.epoch !== null && typeof body.epoch === 'string' && body.epoch !== self.epoch ? 0 : offset;
              const log = logOf(webcastId);
              // Like the real server: the newest `replayLimit` after the offset; older ones by history sync.
              const start = Math.max(after, log.length - self.replayLimit);
              const replay = log.slice(start);
              for (const m of replay) send(socket, roomFrame(m));
              let members = joined.get(webcastId);
              if (members === undefined) {
                members = new Set();
                joined.set(webcastId, members);
              }
              members.add(socket);
              answer({
                webcastId,
                offset: log.length,
                online: members.size,
                from: replay.length > 0 ? start + 1 : log.length + 1,
                ...(self.epoch === null ? {} : { epoch: self.epoch }),
              });
              break;
            }
            case 7003:
              joined.get(webcastId)?.delete(socket);
              answer({ webcastId, left: true });
              break;
            case 2401: {
              const after = typeof body.after === 'number' ? body.after : 0;
              const limit = typeof body.limit === 'number' ? body.limit : 500;
              const messages = logOf(webcastId)
                .slice(after, after + limit)
                .map((m) => ({ code: m.code, ...m.body }));
              answer({ webcastId, messages });
              break;
            }
            case 7101: {
              const offset = self.chat(webcastId, users.get(socket) ?? '?', String(body.body ?? ''));
              answer({ msgId: `m${nextMsg - 1}`, offset });
              break;
            }
            case 7103:
              self.publish(webcastId, 7103, { msgId: body.msgId });
              answer({ msgId: body.msgId });
              break;
            default: {
              const handled = options.handle?.(frame.code, body, users.get(socket) ?? '?');
              if (handled === undefined) answer({ msg: 'unknown request' }, 4501);
              else answer(handled.body, handled.status ?? 200);
            }
          }
        }
      }
    },
  };
  return self;
}
