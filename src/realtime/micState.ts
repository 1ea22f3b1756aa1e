/**
 * The viewer's connect-mic as the server tells it (PROTOCOL 2.5, docs/protocol.md 5.3):
 * pushes 4103 to 4133 and the snapshot 4201, read into the room state's `mic` key, so every
 * tab of the room shows the same mic whichever tab applied. These pushes are the viewer's
 * own (no room offset): the room hub applies them as they come.
 *
 * What each push means for this viewer:
 * - 4113 the queue of applications and who is on the mic (every viewer of the room gets
 *   it): being in the queue is "applying"; leaving it while applying, without an answer, is
 *   a cancel;
 * - 4103 accepted and 4133 invited: connecting (4133 names who invited);
 * - 4107 connected; 4105 refused (by the host, or requests closed); 4109 ended (`by`: viewer,
 *   host, network, kicked);
 * - 4111 requests opened or closed; 4201 the whole state after a (re)login;
 * - 4101 someone applied (the host side's): only counted in `changes`.
 *
 * Readers never throw; a body they cannot read gives null (dropped and counted).
 */
import { MIC_PHASES, type MicPhase } from '../domain/connectMic';
import { readId } from './chatEntry';

export { MIC_PHASES, type MicPhase };

export interface MicQueueUser {
  readonly uid: string;
  readonly name: string;
}

export type MicEndKind = 'rejected' | 'requestsClosed' | 'endedByViewer' | 'endedByHost' | 'networkLost' | 'kicked';

/** How the viewer's last mic ended; `seq` grows with each, so a screen tells two apart. */
export interface MicEnd {
  readonly kind: MicEndKind;
  readonly seq: number;
}

export interface MicRoomState {
  /** Whether the host takes applications; null until the server said. */
  readonly open: boolean | null;
  readonly phase: MicPhase;
  /** Who invited the viewer (4133), while connecting by an invitation; else null. */
  readonly invitedBy: string | null;
  /** Who of the host side took the viewer on (4103's or 4133's `from`): their media goes there. */
  readonly hostSide: string | null;
  /** The applications waiting (4113), oldest first. */
  readonly queue: readonly MicQueueUser[];
  /** The viewers on the mic now (4113 `onMic`), for the whole room to see. */
  readonly onMic: readonly MicQueueUser[];
  readonly ended: MicEnd | null;
  /**
   * Grows with every mic push read, another viewer's included (the host side gets 4101,
   * 4107 and 4109 of everyone): the console reads the room's mic users again when it moves.
   */
  readonly changes: number;
  /**
   * Grows with each 4201 (the server's whole word at every join): after a reconnect, the
   * page acts on the mic (publishes it anew) only once this moves, never on the stale state.
   */
  readonly snapshots: number;
  /**
   * Viewers' messages to the host side (4121, SPEC 7.1 "signaling to assistant"; only the
   * host and assistants get them), the newest last, at most SIGNALS_KEPT.
   */
  readonly signals: readonly AssistantSignal[];
}

/** A viewer's message to the room's host and assistants (push 4121 `{webcastId, from, name, content}`). */
export interface AssistantSignal {
  readonly from: string;
  readonly name: string;
  readonly text: string;
  /** Grows with each message read: tells two equal messages apart. */
  readonly seq: number;
}

export const SIGNALS_KEPT = 20;
/** The longest message text kept (the viewer's form allows less). */
export const SIGNAL_TEXT_MAX = 500;

export const INITIAL_MIC_STATE: MicRoomState = { open: null, phase: 'idle', invitedBy: null, hostSide: null, queue: [], onMic: [], ended: null, changes: 0, snapshots: 0, signals: [] };

const QUEUE_MAX = 1000;
const NAME_MAX = 200;

type Body = Record<string, unknown>;
/** The new mic state, 'ignored' (valid, not about this viewer), or null (malformed). */
type MicReader = (body: Body, mic: MicRoomState, myUid: string | null) => MicRoomState | 'ignored' | null;

const isMine = (body: Body, myUid: string | null): boolean | null => {
  const uid = readId(body.uid);
  if (uid === null) return null;
  return myUid !== null && uid === myUid;
};

function ended(mic: MicRoomState, kind: MicEndKind): MicRoomState {
  return { ...mic, phase: 'idle', invitedBy: null, hostSide: null, ended: { kind, seq: (mic.ended?.seq ?? 0) + 1 } };
}

function queueOf(value: unknown): MicQueueUser[] | null {
  if (!Array.isArray(value) || value.length > QUEUE_MAX) return null;
  const out: MicQueueUser[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return null;
    const rec = item as Body;
    const uid = readId(rec.uid);
    const name = typeof rec.name === 'string' && rec.name.length <= NAME_MAX ? rec.name : null;
    if (uid === null || name === null) return null;
    out.push({ uid, name });
  }
  return out;
}

const END_BY: Readonly<Record<string, MicEndKind>> = { viewer: 'endedByViewer', host: 'endedByHost', network: 'networkLost', kicked: 'kicked' };

const READERS: ReadonlyMap<number, MicReader> = new Map<number, MicReader>([
  [
    4101,
    (b) => (readId(b.uid) === null ? null : 'ignored'),
  ],
  [
    4103,
    (b, mic, me) => {
      const mine = isMine(b, me);
      if (mine === null) return null;
      const from = b.from === undefined ? null : readId(b.from);
      return mine ? { ...mic, phase: 'connecting', invitedBy: null, hostSide: from } : 'ignored';
    },
  ],
  [
    4105,
    (b, mic, me) => {
      const mine = isMine(b, me);
      if (mine === null) return null;
      if (!mine) return 'ignored';
      return ended(mic, b.reason === 'requests closed' ? 'requestsClosed' : 'rejected');
    },
  ],
  [
    4107,
    (b, mic, me) => {
      const mine = isMine(b, me);
      if (mine === null) return null;
      return mine ? { ...mic, phase: 'connected' } : 'ignored';
    },
  ],
  [
    4109,
    (b, mic, me) => {
      const mine = isMine(b, me);
      const kind = typeof b.by === 'string' ? END_BY[b.by] : undefined;
      if (mine === null || kind === undefined) return null;
      return mine ? ended(mic, kind) : 'ignored';
    },
  ],
  [
    4111,
    (b, mic) => {
      if (typeof b.open !== 'boolean') return null;
      return { ...mic, open: b.open };
    },
  ],
  [
    4113,
    (b, mic, me) => {
      const queue = queueOf(b.users);
      const onMic = b.onMic === undefined ? mic.onMic : queueOf(b.onMic);
      if (queue === null || onMic === null) return null;
      const queued = me !== null && queue.some((u) => u.uid === me);
      // In the queue: applying (from any tab). Out of it while applying, with no answer: cancelled.
      const phase = queued && mic.phase === 'idle' ? 'applying' : !queued && mic.phase === 'applying' ? 'idle' : mic.phase;
      return { ...mic, queue, onMic, phase, invitedBy: phase === 'idle' ? null : mic.invitedBy, hostSide: phase === 'idle' ? null : mic.hostSide };
    },
  ],
  [
    4133,
    (b, mic, me) => {
      const mine = isMine(b, me);
      const from = b.from === undefined ? '' : readId(b.from);
      if (mine === null || from === null) return null;
      return mine ? { ...mic, phase: 'connecting', invitedBy: from === '' ? null : from, hostSide: from === '' ? null : from } : 'ignored';
    },
  ],
  [
    4121,
    (b, mic) => {
      const from = readId(b.from);
      const name = typeof b.name === 'string' && b.name.length <= NAME_MAX ? b.name : null;
      // The content is the viewer's JSON: a message's text, or a bare string.
      const content = b.content;
      const text = typeof content === 'string' ? content : typeof content === 'object' && content !== null && typeof (content as Body).text === 'string' ? ((content as Body).text as string) : null;
      if (from === null || name === null || text === null || text.trim() === '') return null;
      const seq = (mic.signals.at(-1)?.seq ?? 0) + 1;
      return { ...mic, signals: [...mic.signals, { from, name, text: text.trim().slice(0, SIGNAL_TEXT_MAX), seq }].slice(-SIGNALS_KEPT) };
    },
  ],
  [
    4201,
    (b, mic) => {
      const phase = typeof b.state === 'string' && (MIC_PHASES as readonly string[]).includes(b.state) ? (b.state as MicPhase) : null;
      if (phase === null || (b.open !== undefined && typeof b.open !== 'boolean')) return null;
      const open = typeof b.open === 'boolean' ? b.open : mic.open;
      const onMic = b.onMic === undefined ? mic.onMic : queueOf(b.onMic);
      if (onMic === null) return null;
      // Idle at a login while on the mic here: it ended while the socket was away (the server
      // ends a mic whose viewer stays away past its grace as a network loss).
      const snapshots = mic.snapshots + 1;
      if (phase === 'idle' && (mic.phase === 'connecting' || mic.phase === 'connected')) return { ...ended(mic, 'networkLost'), open, onMic, snapshots };
      return { ...mic, phase, open, onMic, snapshots, invitedBy: phase === 'connecting' ? mic.invitedBy : null, hostSide: phase === 'idle' ? null : mic.hostSide };
    },
  ],
]);

/** Whether `code` is a connect-mic push this module reads. */
export const isMicCode = (code: number): boolean => READERS.has(code);

/** The mic after `code` (never 'ignored': a push about someone else still counts as a change), or null when malformed. */
export function readMicPush(code: number, body: Body, mic: MicRoomState, myUid: string | null): MicRoomState | null {
  const reader = READERS.get(code);
  const read = reader === undefined ? null : reader(body, mic, myUid);
  if (read === null) return null;
  return { ...(read === 'ignored' ? mic : read), changes: mic.changes + 1 };
}
