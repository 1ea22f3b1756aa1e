/**
 * Micro benchmark of the worker's chat pipeline (issue 6, item 2): ns per frame through
 * each stage and through the whole pipeline, against the floor of a bare JSON.parse of the
 * same frames' bodies. Target (a report, not a test): the whole pipeline at most 2x the floor.
 *
 * Frames. N room frames as the reference server sends them in a burst: the bodies of
 * server/admin/burstTraffic.ts (short cheers, medium lines, long paragraphs, catalogue emoji
 * tokens, quotes, mentions) from 500 simulated viewers, built by the server's own
 * chatMessageBody and framed like its room log and hub do (`JSON.stringify({...body,
 * webcastId, offset})`, then roomMessageFrame). The burst has no pictures and no staff, so
 * every IMAGE_EVERY-th message carries an uploaded picture (absolute URL, as the upload
 * answers) and every STAFF_EVERY-th comes from the host, so the picture checks and the
 * "staff" filter have work to do.
 *
 * Stages, each over the same pre-built inputs, every one of them once per round, side by
 * side in one process (the order rotates from round to round); warm-up rounds first, then
 * the median of the measured rounds in ns per frame:
 *   floor     JSON.parse of each frame's body text (what follows the blank line)
 *   decode    decodeFrame (src/protocol/frame.ts): headers, blank line, JSON body
 *   route     the worker's onPush/applyFrame: read body.webcastId, look the room up
 *   cut, tokenize  cutChatText / tokenizeChat (src/domain/chatCut.ts) of the message text
 *   entry     toChatEntry (validation, cut, tokenize, roles, mentions, meshType)
 *   ring      RingBuffer(200).push of the entries
 *   hub       roomHub.apply (offset order, entry, ring, the HubChange) with a no-op onChange
 *   filter    showsEntry for each of the 4 filters (4 calls per frame)
 *   coalesce  4 delta coalescers (one per filter, as 4 tabs) fed the hub's changes, ticking
 *             every TICK_FRAMES frames: the worker's cadence for a visible tab at 20,000 a
 *             second, a flood of more than a tab keeps between two deltas
 *             (SKIPPING_DELTA_INTERVAL_MS, 1,000 ms: 20,000 frames); the pipeline
 *             is also run at the streaming cadence of a busy but slower room
 *             (STREAMING_DELTA_INTERVAL_MS, 200 ms: 4,000 frames) and at one tick per display
 *             frame (16 ms, 320 frames), the cadence after a quiet spell
 *   clone     structuredClone of every emitted {delta} (what comlink's postMessage copies;
 *             in a browser the worker pays the serialising half, the tab the other)
 *   pipeline  decode -> route -> hub -> 4 coalescers -> clone of each emitted delta
 *
 * Run it with `npm run bench` (bench/run.ts); settings: BENCH_MICRO_FRAMES (200000),
 * BENCH_MICRO_ROUNDS (7), BENCH_MICRO_WARMUP (2), BENCH_MICRO_TICK_FRAMES (2000). It prints the table and writes it to
 * docs/benchmarks.md under "Worker pipeline (micro)" and bench/results/<date>-micro.json;
 * a smoke run (`{smoke: true}`) uses a few thousand frames, one round and writes nothing.
 */
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { RingBuffer, CHAT_ENTRIES_KEPT, cutChatText, tokenizeChat } from '../src/domain';
import { decodeFrame, type DecodeResult, type Frame } from '../src/protocol/frame';
import { readSocketFrame } from '../src/realtime/chatScan';
import { toChatEntry, type ChatEntry } from '../src/realtime/chatEntry';
import { createRoomHub, type HubChange, type RoomHub } from '../src/realtime/roomHub';
import { CHAT_FILTERS, showsEntry, type ChatFilter, type ChatVisibility } from '../src/realtime/filters';
import { createDeltaCoalescer, type ChatDelta, type DeltaCoalescer, type DeltaSchedule } from '../src/realtime/deltas';
import { SKIPPING_DELTA_INTERVAL_MS, STREAMING_DELTA_INTERVAL_MS, VISIBLE_DELTA_INTERVAL_MS } from '../src/realtime/deltaPacing';
import { burstTraffic } from '../server/admin/burstTraffic';
import { chatMessageBody, type ChatInput } from '../server/chat/message';
import { roomMessageFrame } from '../server/rooms/hub';
import { describeMachine, machineFacts, ROOT, writeDocsSection, writeResults, type BenchOptions, type MachineFacts } from './lib/report';

export const SECTION = 'Worker pipeline (micro)';
export const TARGET_RATIO = 2;
/** Issue 34 item 3: in a flood, below the floor (most bodies are never parsed). */
export const TARGET_FLOOD_RATIO = 1;
/** Issue 34 item 3: when every frame is shown (all parsed), at most this. */
export const TARGET_SHOWN_RATIO = 1.5;
/** Frames between two ticks where every frame is shown: fewer than a flood's screen (40). */
export const SHOWN_TICK_FRAMES = 20;
const ROOM = '10001';
const VIEWERS = 500;
/** The viewer the worker is logged in as: one of the mentioned ones of burstTraffic. */
const MY_UID = 'sim-4';
const IMAGE_EVERY = 20;
const STAFF_EVERY = 50;
/** The burst rate the cadences are turned into frames at. */
export const BURST_RATE = 20_000;
const framesPer = (ms: number): number => Math.round((BURST_RATE * ms) / 1000);
/** Frames between two ticks at one tick per display frame (VISIBLE_DELTA_INTERVAL_MS). */
export const DISPLAY_TICK_FRAMES = framesPer(VISIBLE_DELTA_INTERVAL_MS);
/** Frames between two ticks at the streaming cadence (STREAMING_DELTA_INTERVAL_MS). */
export const STREAMING_TICK_FRAMES = framesPer(STREAMING_DELTA_INTERVAL_MS);
export const TICK_FRAMES = tickFramesSetting();

/**
 * BENCH_MICRO_TICK_FRAMES, else the worker's cadence at BURST_RATE: every delta there is made
 * of thousands of entries, more than a tab keeps, so the tab's updates follow SKIPPING_DELTA_INTERVAL_MS.
 */
function tickFramesSetting(): number {
  const raw = process.env.BENCH_MICRO_TICK_FRAMES;
  const n = raw === undefined || raw === '' ? framesPer(SKIPPING_DELTA_INTERVAL_MS) : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_MICRO_TICK_FRAMES must be a positive integer, got "${raw}"`);
  return n;
}
const IMAGE_BASE = 'http://127.0.0.1:8080/ccp/handler/v2/chat/image/';
const FILTERS: readonly ChatFilter[] = CHAT_FILTERS;
const CHAT_STATE: ChatVisibility = { staffOnly: false };
/** Pause after the GC before each stage. */
const SETTLE_MS = 30;

// ---------------------------------------------------------------- frames

export interface MixCounts {
  readonly frames: number;
  readonly short: number;
  readonly medium: number;
  readonly long: number;
  readonly emoji: number;
  readonly quote: number;
  readonly mention: number;
  readonly image: number;
  readonly staff: number;
  readonly meanFrameChars: number;
}

export interface BenchFrames {
  /** The frames as received from the socket. */
  readonly texts: readonly string[];
  /** Each frame's body text (what follows the blank line): the floor's input. */
  readonly bodies: readonly string[];
  readonly mix: MixCounts;
}

function imageId(n: number): string {
  return n.toString(36).padStart(32, 'x');
}

/** `count` room frames (offsets 1..count) as the reference server sends a burst. */
export function generateFrames(count: number): BenchFrames {
  const traffic = burstTraffic(VIEWERS);
  const host = { uid: 'host-1', name: 'Host', role: 6, headImgUrl: '' };
  const idPrefix = '0Bench0000Micro00000';
  const start = Date.UTC(2026, 0, 1);
  const texts: string[] = [];
  const bodies: string[] = [];
  let short = 0;
  let medium = 0;
  let long = 0;
  let emoji = 0;
  let quote = 0;
  let mention = 0;
  let image = 0;
  let staff = 0;
  let chars = 0;
  for (let n = 0; n < count; n++) {
    const offset = n + 1;
    const picked = traffic.message(n);
    let input: ChatInput = picked.input;
    let sender = picked.sender;
    if (n % IMAGE_EVERY === IMAGE_EVERY - 1) {
      input = { text: n % 2 === 0 ? '' : 'look at this', imgUrl: IMAGE_BASE + imageId(n), imgLinkUrl: null, quote: null, pickedUids: [] };
    }
    if (n % STAFF_EVERY === STAFF_EVERY - 2) sender = host;
    const msgId = idPrefix + n.toString(36).padStart(12, '0');
    const body = chatMessageBody(msgId, sender, input, start + n / 20);
    const bodyJson = JSON.stringify({ ...body, webcastId: ROOM, offset });
    const text = roomMessageFrame({ code: 7101, bodyJson });
    texts.push(text);
    bodies.push(bodyJson);
    const length = input.text.length;
    if (length < 20) short++;
    else if (length <= 100) medium++;
    else long++;
    if (tokenizeChat(input.text).some((s) => s.kind === 'emoji')) emoji++;
    if (input.quote !== null) quote++;
    if (input.pickedUids.length > 0) mention++;
    if (input.imgUrl !== null) image++;
    if (sender === host) staff++;
    chars += text.length;
  }
  // One flat string per frame, as a socket hands them over (not a concatenation pending).
  const flat = texts.map((t) => JSON.parse(JSON.stringify(t)) as string);
  return {
    texts: flat,
    bodies,
    mix: { frames: count, short, medium, long, emoji, quote, mention, image, staff, meanFrameChars: count === 0 ? 0 : chars / count },
  };
}

// ---------------------------------------------------------------- the worker's pieces

/** What the service keeps per room that the push path reads (realtimeService.ts RoomEntry). */
interface RoomLike {
  readonly webcastId: string;
  held: Frame[] | null;
  readonly hub: RoomHub | null;
}

/** realtimeService.ts onPush: the room of a push, by its body's webcastId. */
function routeOf(rooms: ReadonlyMap<string, RoomLike>, frame: Frame): RoomLike | undefined {
  const raw = frame.body.webcastId;
  const webcastId = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : null;
  return webcastId === null ? undefined : rooms.get(webcastId);
}

/** realtimeService.ts applyFrame. */
function applyFrame(room: RoomLike, frame: Frame): boolean {
  if (frame.code === null) return false;
  if (room.held !== null) {
    room.held.push(frame);
    return false;
  }
  room.hub?.apply(frame.code, frame.body);
  return true;
}

function roomsWith(hub: RoomHub | null): Map<string, RoomLike> {
  // A worker following a few rooms (several tabs on different lives).
  const rooms = new Map<string, RoomLike>();
  for (const id of ['20417', ROOM, 'webinar-7', '30001']) rooms.set(id, { webcastId: id, held: null, hub: id === ROOM ? hub : null });
  return rooms;
}

const noHistory = (): Promise<never> => Promise.reject(new Error('no history in the benchmark'));
const noTimer = (): (() => void) => () => undefined;

function newHub(onChange: (change: HubChange) => void): RoomHub {
  const hub = createRoomHub({ webcastId: ROOM, myUid: MY_UID, requestHistory: noHistory, onChange, schedule: noTimer });
  hub.start(0);
  return hub;
}

/** Animation-frame ticks on demand: `tick()` runs what is due, as a frame would. */
class FakeTicks implements DeltaSchedule {
  private due: { fn: () => void; cancelled: boolean }[] = [];

  private add(fn: () => void): () => void {
    const item = { fn, cancelled: false };
    this.due.push(item);
    return () => {
      item.cancelled = true;
    };
  }

  visible = (fn: () => void): (() => void) => this.add(fn);
  hidden = (fn: () => void): (() => void) => this.add(fn);
  soon = (fn: () => void): (() => void) => this.add(fn);

  tick(): void {
    const due = this.due;
    this.due = [];
    for (const item of due) if (!item.cancelled) item.fn();
  }
}

function newCoalescers(ticks: FakeTicks, emit: (delta: ChatDelta) => void): DeltaCoalescer[] {
  return FILTERS.map((filter) => createDeltaCoalescer({ filter, schedule: ticks, visible: true, emit, chatState: CHAT_STATE }));
}

// ---------------------------------------------------------------- stages

export interface StageDef {
  readonly id: string;
  readonly label: string;
  /** Part of the whole pipeline's sum (decode, route, hub, coalesce, clone): its share is reported. */
  readonly part?: boolean;
  /** Processes every frame once; returns a number so no work can be optimised away. */
  readonly pass: () => number;
}

export interface Inputs {
  readonly frames: BenchFrames;
  readonly decoded: readonly Frame[];
  readonly chatTexts: readonly string[];
  readonly cutTexts: readonly string[];
  readonly entries: readonly ChatEntry[];
  readonly changes: readonly HubChange[];
  readonly deltas: readonly ChatDelta[];
}

export function prepare(frames: BenchFrames): Inputs {
  const decoded: Frame[] = [];
  for (const text of frames.texts) {
    const result = decodeFrame(text);
    if (!result.ok) throw new Error(`a generated frame does not decode: ${result.reason}`);
    decoded.push(result.frame);
  }
  const chatTexts = decoded.map((f) => (typeof f.body.body === 'string' ? f.body.body : ''));
  const cutTexts = chatTexts.map((t) => cutChatText(t).text);
  const changes: HubChange[] = [];
  const hub = newHub((change) => changes.push(change));
  for (const f of decoded) if (f.code !== null) hub.apply(f.code, f.body);
  const stats = hub.stats();
  if (stats.applied !== decoded.length || stats.malformed !== 0) throw new Error(`the hub took ${stats.applied} of ${decoded.length} frames (${stats.malformed} malformed)`);
  const entries = changes.flatMap((c) => c.appended);
  if (entries.length !== decoded.length) throw new Error(`${entries.length} entries from ${decoded.length} frames`);
  const deltas: ChatDelta[] = [];
  const ticks = new FakeTicks();
  const coalescers = newCoalescers(ticks, (delta) => deltas.push(delta));
  changes.forEach((change, i) => {
    for (const c of coalescers) c.push(change);
    if ((i + 1) % TICK_FRAMES === 0) ticks.tick();
  });
  ticks.tick();
  return { frames, decoded, chatTexts, cutTexts, entries, changes, deltas };
}

export interface PipelineCounts {
  readonly applied: number;
  readonly deltas: number;
  /** Entries delivered per filter (all, mine, staff, mentions). */
  readonly delivered: Readonly<Record<ChatFilter, number>>;
}

/**
 * What happens to each emitted delta: nothing, structuredClone (both halves of postMessage:
 * the worker serialises, the tab deserialises), or v8.serialize (the same serialiser, the
 * worker's half only).
 */
export type Copy = 'none' | 'clone' | 'serialize';

function copyOf(delta: ChatDelta, copy: Copy): number {
  if (copy === 'clone') return (structuredClone({ delta }) as { delta: ChatDelta }).delta.withdraw.length + 1;
  if (copy === 'serialize') return v8.serialize({ delta }).length;
  return 0;
}

/**
 * How the worker reads a frame: the product's readSocketFrame (a chat push's body left
 * unparsed unless it may concern the viewer, parsed when shown: issue 34 item 3), or
 * decodeFrame of every frame, as before it.
 */
export type Read = 'scan' | 'parse';
const readers: Record<Read, (text: string) => DecodeResult> = { scan: readSocketFrame, parse: decodeFrame };

/** The whole worker path of one burst, each emitted delta copied as `copy` says. */
function runPipeline(texts: readonly string[], copy: Copy, coalesce = true, tickFrames = TICK_FRAMES, read: Read = 'scan'): { sink: number; counts: PipelineCounts } {
  const readFrame = readers[read];
  const delivered: Record<ChatFilter, number> = { all: 0, mine: 0, staff: 0, mentions: 0 };
  let deltas = 0;
  let sink = 0;
  const ticks = new FakeTicks();
  const coalescers = FILTERS.map((filter) =>
    createDeltaCoalescer({
      filter,
      schedule: ticks,
      visible: true,
      chatState: CHAT_STATE,
      emit: (delta) => {
        deltas++;
        delivered[filter] += delta.append.length + (delta.replace?.length ?? 0);
        sink += copyOf(delta, copy);
      },
    }),
  );
  const hub = newHub((change) => {
    if (coalesce) for (const c of coalescers) c.push(change);
    else sink++;
  });
  const rooms = roomsWith(hub);
  for (let i = 0; i < texts.length; i++) {
    const result = readFrame(texts[i]!);
    if (result.ok) {
      const room = routeOf(rooms, result.frame);
      if (room !== undefined) applyFrame(room, result.frame);
    }
    if ((i + 1) % tickFrames === 0) ticks.tick();
  }
  ticks.tick();
  return { sink, counts: { applied: hub.stats().applied, deltas, delivered } };
}

export function stagesOf(inputs: Inputs): StageDef[] {
  const { frames, decoded, chatTexts, cutTexts, entries, changes, deltas } = inputs;
  const n = frames.texts.length;
  return [
    {
      id: 'floor',
      label: 'floor: JSON.parse of the body',
      pass: () => {
        let sink = 0;
        for (const body of frames.bodies) if (JSON.parse(body) !== null) sink++;
        return sink;
      },
    },
    {
      id: 'decode',
      label: 'decode (decodeFrame: every body parsed, as before issue 34 item 3)',
      pass: () => {
        let sink = 0;
        for (const text of frames.texts) if (decodeFrame(text).ok) sink++;
        return sink;
      },
    },
    {
      id: 'read',
      label: "read (readSocketFrame: the worker's reading, a chat push's body left unparsed)",
      part: true,
      pass: () => {
        let sink = 0;
        for (const text of frames.texts) if (readSocketFrame(text).ok) sink++;
        return sink;
      },
    },
    {
      id: 'route',
      label: 'route (webcastId, room lookup)',
      part: true,
      pass: () => {
        const rooms = roomsWith(null);
        let sink = 0;
        for (const frame of decoded) {
          const room = routeOf(rooms, frame);
          if (room !== undefined && applyFrame(room, frame)) sink++;
        }
        return sink;
      },
    },
    {
      id: 'cut',
      label: 'cut (cutChatText)',
      pass: () => {
        let sink = 0;
        for (const text of chatTexts) sink += cutChatText(text).length;
        return sink;
      },
    },
    {
      id: 'tokenize',
      label: 'tokenize (tokenizeChat)',
      pass: () => {
        let sink = 0;
        for (const text of cutTexts) sink += tokenizeChat(text).length;
        return sink;
      },
    },
    {
      id: 'entry',
      label: 'entry (toChatEntry: checks, cut, tokenize, mentions)',
      pass: () => {
        let sink = 0;
        let previous: ChatEntry | undefined;
        for (const frame of decoded) {
          const entry = toChatEntry(frame.body, { myUid: MY_UID, previous });
          if (entry !== null) {
            sink++;
            previous = entry;
          }
        }
        return sink;
      },
    },
    {
      id: 'ring',
      label: `ring (RingBuffer(${CHAT_ENTRIES_KEPT}).push)`,
      pass: () => {
        const ring = new RingBuffer<ChatEntry>(CHAT_ENTRIES_KEPT);
        let sink = 0;
        for (const entry of entries) if (ring.push(entry) !== undefined) sink++;
        return sink;
      },
    },
    {
      id: 'hub',
      label: 'hub (roomHub.apply: offsets, entry, ring, change)',
      part: true,
      pass: () => {
        let sink = 0;
        const hub = newHub(() => {
          sink++;
        });
        for (const frame of decoded) if (frame.code !== null) hub.apply(frame.code, frame.body);
        return sink;
      },
    },
    {
      id: 'filter',
      label: 'filter (showsEntry x 4 filters)',
      pass: () => {
        let sink = 0;
        for (const entry of entries) for (const filter of FILTERS) if (showsEntry(filter, entry, CHAT_STATE)) sink++;
        return sink;
      },
    },
    {
      id: 'coalesce',
      label: `coalesce (4 tabs, a tick every ${TICK_FRAMES} frames)`,
      part: true,
      pass: () => {
        let sink = 0;
        const ticks = new FakeTicks();
        const coalescers = newCoalescers(ticks, (delta) => {
          sink += delta.append.length;
        });
        for (let i = 0; i < changes.length; i++) {
          const change = changes[i]!;
          for (const c of coalescers) c.push(change);
          if ((i + 1) % TICK_FRAMES === 0) ticks.tick();
        }
        ticks.tick();
        return sink;
      },
    },
    {
      id: 'clone',
      label: `clone (structuredClone of the ${deltas.length} deltas)`,
      part: true,
      pass: () => {
        let sink = 0;
        for (const delta of deltas) sink += copyOf(delta, 'clone');
        return sink;
      },
    },
    {
      id: 'serialize',
      label: "serialise (v8.serialize of the deltas: postMessage's worker half)",
      pass: () => {
        let sink = 0;
        for (const delta of deltas) sink += copyOf(delta, 'serialize');
        return sink;
      },
    },
    {
      id: 'pipelineToHub',
      label: 'pipeline up to the hub (decode -> route -> hub, no-op onChange)',
      pass: () => runPipeline(frames.texts, 'none', false).sink,
    },
    {
      id: 'pipelineNoClone',
      label: 'pipeline without copying the deltas',
      pass: () => runPipeline(frames.texts, 'none').counts.applied,
    },
    {
      id: 'pipelineSerialize',
      label: 'pipeline, worker half of postMessage (v8.serialize)',
      pass: () => runPipeline(frames.texts, 'serialize').sink,
    },
    {
      id: 'pipelineStreaming',
      label: `pipeline with structuredClone, a tick every ${STREAMING_TICK_FRAMES} frames (${STREAMING_DELTA_INTERVAL_MS} ms)`,
      pass: () => runPipeline(frames.texts, 'clone', true, STREAMING_TICK_FRAMES).sink,
    },
    {
      id: 'pipelineDisplayRate',
      label: `pipeline with structuredClone, a tick every ${DISPLAY_TICK_FRAMES} frames (${VISIBLE_DELTA_INTERVAL_MS} ms)`,
      pass: () => runPipeline(frames.texts, 'clone', true, DISPLAY_TICK_FRAMES).sink,
    },
    {
      id: 'pipelineParsed',
      label: 'pipeline with every body parsed (decodeFrame of every frame, as before issue 34 item 3)',
      pass: () => runPipeline(frames.texts, 'clone', true, TICK_FRAMES, 'parse').sink,
    },
    {
      id: 'pipelineAllShown',
      label: `pipeline where every frame is shown (a tick every ${SHOWN_TICK_FRAMES} frames: every body parsed for the "all" tab)`,
      pass: () => runPipeline(frames.texts, 'clone', true, SHOWN_TICK_FRAMES).sink,
    },
    {
      id: 'pipelineAllShownParsed',
      label: `the same with every body parsed on arrival (decodeFrame, as before issue 34 item 3)`,
      pass: () => runPipeline(frames.texts, 'clone', true, SHOWN_TICK_FRAMES, 'parse').sink,
    },
    {
      id: 'pipeline',
      label: '**pipeline: read (header and chat scan) -> route -> hub -> 4 coalescers -> structuredClone**',
      pass: () => {
        const { sink, counts } = runPipeline(frames.texts, 'clone');
        if (counts.applied !== n) throw new Error(`pipeline applied ${counts.applied} of ${n} frames`);
        return sink;
      },
    },
  ];
}

// ---------------------------------------------------------------- measuring

/**
 * The harness keeps every stage's inputs (200,000 decoded frames, entries, hub changes,
 * deltas) alive, so V8's allocation-site pretenuring would learn that what decodeFrame,
 * toChatEntry, the hub and the coalescers allocate survives, and allocate it straight in the
 * old generation from then on, in the pipeline too: an artefact (a worker keeps ~500 entries,
 * not 200,000), measured at up to 2x on decodeFrame. Turned off before any input is built.
 */
function noPretenuring(): void {
  try {
    v8.setFlagsFromString('--no-allocation-site-pretenuring');
  } catch {
    // An engine without the flag: the figures then include the artefact.
  }
}

/** A full collection between stages, so one stage's garbage is not collected on another's time. */
function findGc(): (() => void) | null {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface StageResult {
  readonly id: string;
  readonly label: string;
  /** CPU time per frame, median of the measured rounds (the figure compared). */
  readonly nsPerFrame: number;
  readonly minNs: number;
  readonly maxNs: number;
  /** Wall time per frame, median of the measured rounds (inflated when the machine is busy). */
  readonly wallNs: number;
  readonly rounds: StageTimes;
  /** nsPerFrame / the floor's. */
  readonly xFloor: number;
  /** nsPerFrame / the pipeline's, for the stages the pipeline is made of. */
  readonly shareOfPipeline: number | null;
}

export interface MicroResult {
  readonly benchmark: 'micro';
  readonly date: string;
  readonly machine: MachineFacts;
  readonly settings: {
    readonly frames: number;
    readonly rounds: number;
    readonly warmup: number;
    readonly tickFrames: number;
    readonly gcBetweenStages: boolean;
    /** Whose CPU time the figures are: this thread's (Node 23.9+) or the whole process's. */
    readonly cpuClock: 'thread' | 'process';
  };
  /** 1-minute load average before and after the run: other work on the machine shows here. */
  readonly loadAverage: { readonly before: number; readonly after: number };
  readonly mix: MixCounts;
  readonly pipelineCounts: PipelineCounts;
  readonly stages: readonly StageResult[];
  readonly floorNs: number;
  readonly pipelineNs: number;
  readonly ratio: number;
  /** pipeline / floor within each measured round: median, min, max. */
  readonly ratioPerRound: { readonly median: number; readonly min: number; readonly max: number };
  /** The pipeline with only the worker's half of postMessage (v8.serialize) / floor. */
  readonly workerHalfRatio: number;
  readonly target: number;
  readonly met: boolean;
  /** Issue 34 item 3: the flood pipeline below the floor, and every frame shown at most 1.5x (absent in older results). */
  readonly floodRatio?: number;
  readonly floodMet?: boolean;
  readonly shownRatio?: number;
  readonly shownMet?: boolean;
}

export interface MicroOptions extends BenchOptions {
  readonly frames?: number;
  readonly rounds?: number;
  readonly warmup?: number;
  /** Writes docs/benchmarks.md and bench/results (default: when not smoke). */
  readonly write?: boolean;
  readonly log?: (line: string) => void;
}

function setting(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}

/** CPU time of this thread when Node can tell it (23.9+), else of the process, in ms. */
type CpuClock = { readonly kind: 'thread' | 'process'; now(): number };

function cpuClock(): CpuClock {
  const thread = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;
  if (typeof thread === 'function') {
    return { kind: 'thread', now: () => { const u = thread.call(process); return (u.user + u.system) / 1000; } };
  }
  return { kind: 'process', now: () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; } };
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface StageTimes {
  /** ns per frame of CPU time, one per measured round. */
  readonly cpu: number[];
  /** ns per frame of wall time, one per measured round. */
  readonly wall: number[];
}

/**
 * Runs every stage once per round, warm-up rounds first. Before each stage: a full GC (when
 * available) and a short pause, so the collector's sweeping of the previous stage's garbage
 * is done before the clock starts and the scheduler has let this process rest.
 */
export async function measure(stages: readonly StageDef[], frames: number, rounds: number, warmup: number, gc: (() => void) | null, clock: CpuClock = cpuClock()): Promise<Map<string, StageTimes>> {
  const times = new Map<string, StageTimes>(stages.map((s) => [s.id, { cpu: [], wall: [] }]));
  let sink = 0;
  for (let round = 0; round < warmup + rounds; round++) {
    for (let k = 0; k < stages.length; k++) {
      // Rotate the order so no stage always runs right after the same other one.
      const stage = stages[(k + round) % stages.length]!;
      gc?.();
      await pause(SETTLE_MS);
      const cpu0 = clock.now();
      const t0 = performance.now();
      sink += stage.pass();
      const wallMs = performance.now() - t0;
      const cpuMs = clock.now() - cpu0;
      if (round >= warmup) {
        const t = times.get(stage.id)!;
        t.cpu.push((cpuMs * 1e6) / frames);
        t.wall.push((wallMs * 1e6) / frames);
      }
    }
  }
  if (!Number.isFinite(sink)) throw new Error('the stages returned no figure');
  return times;
}

const ns = (n: number): string => (Number.isFinite(n) ? (n >= 100 ? n.toFixed(0) : n.toFixed(1)) : '-');

export function table(result: MicroResult): string {
  const lines = [
    '| stage | CPU ns/frame (median) | min | max | wall ns/frame (median) | x floor | share of pipeline |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const s of result.stages) {
    const share = s.shareOfPipeline === null ? '' : `${(s.shareOfPipeline * 100).toFixed(0)} %`;
    lines.push(`| ${s.label} | ${ns(s.nsPerFrame)} | ${ns(s.minNs)} | ${ns(s.maxNs)} | ${ns(s.wallNs)} | ${s.xFloor.toFixed(2)} | ${share} |`);
  }
  return lines.join('\n');
}

/** What each step adds inside the pipeline (differences of the cumulative runs), per frame. */
export function marginal(result: MicroResult): { readonly step: string; readonly ns: number }[] {
  const at = (id: string): number => result.stages.find((s) => s.id === id)?.nsPerFrame ?? NaN;
  return [
    { step: 'read', ns: at('read') },
    { step: 'route + hub (the viewer-concern scan among it)', ns: at('pipelineToHub') - at('read') },
    { step: '4 coalescers', ns: at('pipelineNoClone') - at('pipelineToHub') },
    { step: 'structuredClone of the deltas', ns: at('pipeline') - at('pipelineNoClone') },
  ];
}

function marginalLine(result: MicroResult): string {
  const steps = marginal(result)
    .map((m) => `${m.step} ${ns(m.ns)} ns (${((m.ns / result.pipelineNs) * 100).toFixed(0)} %)`)
    .join(', ');
  return `Inside the pipeline (differences of the cumulative rows, so each step is measured with the garbage and cache state of the real sequence): ${steps}.`;
}

function summaryOf(result: MicroResult): string {
  const { mix, settings, pipelineCounts: pc } = result;
  const pct = (k: number): string => `${((k / mix.frames) * 100).toFixed(0)} %`;
  const parts = result.stages.filter((s) => s.shareOfPipeline !== null);
  const top = [...parts].sort((a, b) => b.nsPerFrame - a.nsPerFrame)[0];
  return [
    `Run: ${result.date} on ${describeMachine(result.machine)}; load average (1 min) ${result.loadAverage.before.toFixed(2)} before, ${result.loadAverage.after.toFixed(2)} after.`,
    '',
    `How: \`npm run bench\` (bench/pipeline-micro.ts, in one Node process). ${mix.frames} chat frames (7101) built as the reference ` +
      `server sends a burst (server/admin/burstTraffic.ts bodies through chatMessageBody, room-log JSON, roomMessageFrame), ` +
      `${mix.meanFrameChars.toFixed(0)} characters a frame on average: ${pct(mix.short)} short (< 20 characters), ${pct(mix.medium)} medium, ` +
      `${pct(mix.long)} long (> 100), ${pct(mix.emoji)} with emoji tokens, ${pct(mix.quote)} quotes, ${pct(mix.mention)} mentions, ` +
      `${pct(mix.image)} pictures, ${pct(mix.staff)} from the host. Every stage runs over the same pre-built inputs once per round, ` +
      `side by side (order rotating), ${settings.warmup} warm-up rounds then ${settings.rounds} measured; figures are ns per frame, ` +
      `median of the measured rounds, in CPU time of the ${settings.cpuClock === 'thread' ? 'main thread' : 'process (all its threads, so the collector\'s helper threads count too)'}, ` +
      `which other work on a shared machine does not inflate as it does wall time (also shown)` +
      `${settings.gcBetweenStages ? '; a full GC and a 30 ms pause before each stage, garbage made during a stage counts' : ''}. ` +
      `The pipeline is readSocketFrame (decodeFrame for every frame but a chat push, whose body it leaves unparsed: see below), the worker's routing by webcastId, roomHub.apply, one delta coalescer per filter ` +
      `(all, mine, staff, mentions: 4 tabs) ticking every ${settings.tickFrames} frames (one tick per ${((settings.tickFrames / BURST_RATE) * 1000).toFixed(0)} ms at 20,000 messages a second: ` +
      `the worker's cadence for a visible tab in a flood of more than it keeps between two deltas, SKIPPING_DELTA_INTERVAL_MS = ${SKIPPING_DELTA_INTERVAL_MS} ms, which 20,000 a second is; ` +
      `a room under 80 a second streams at STREAMING_DELTA_INTERVAL_MS = ${STREAMING_DELTA_INTERVAL_MS} ms), ` +
      `and structuredClone of every emitted {delta} (what postMessage copies). It delivered ${pc.deltas} deltas: ` +
      `${pc.delivered.all} entries to the "all" tab, ${pc.delivered.mine} to "mine", ${pc.delivered.staff} to "staff", ${pc.delivered.mentions} to "mentions".`,
    '',
    table(result),
    '',
    `Pipeline / floor: **${result.ratio.toFixed(2)}x** (${ns(result.pipelineNs)} ns against ${ns(result.floorNs)} ns a frame; ` +
      `at 20,000 frames a second the pipeline takes ${((result.pipelineNs * 20_000) / 1e7).toFixed(1)} % of one core; ` +
      `per round: median ${result.ratioPerRound.median.toFixed(2)}x, ${result.ratioPerRound.min.toFixed(2)}x to ${result.ratioPerRound.max.toFixed(2)}x).` +
      (top ? ` Largest part: ${top.label}, ${((top.shareOfPipeline ?? 0) * 100).toFixed(0)} % of the pipeline.` : ''),
    '',
    marginalLine(result),
    '',
    `At the streaming cadence (${STREAMING_DELTA_INTERVAL_MS} ms, ${STREAMING_TICK_FRAMES} frames; what the pipeline was measured at before the flood cadence): ` +
      `${((result.stages.find((st) => st.id === 'pipelineStreaming')?.nsPerFrame ?? NaN) / result.floorNs).toFixed(2)}x the floor. ` +
      `At one tick per display frame (${VISIBLE_DELTA_INTERVAL_MS} ms, ${DISPLAY_TICK_FRAMES} frames; the cadence after a quiet spell): ` +
      `${((result.stages.find((st) => st.id === 'pipelineDisplayRate')?.nsPerFrame ?? NaN) / result.floorNs).toFixed(2)}x the floor.`,
    '',
    `With only the worker's half of postMessage (v8.serialize, the serialiser structuredClone and postMessage use; the tab ` +
      `pays the other half): ${result.workerHalfRatio.toFixed(2)}x the floor.`,
    '',
    `Target: the whole worker pipeline at most ${result.target}x the JSON.parse floor per frame: **${result.met ? 'met' : 'not met'}**` +
      ` (${result.ratio.toFixed(2)}x with structuredClone${result.workerHalfRatio <= result.target ? `; ${result.workerHalfRatio.toFixed(2)}x counting the worker's half only would meet it` : ''}).`,
    '',
    `Issue 34 item 3, parse only what is shown: a chat push's body is parsed when a delta, a snapshot or a withdraw reads it, or at once when a scan of its text says it may concern the viewer (src/realtime/chatScan.ts, lazyChatEntry.ts). ` +
      `In the flood (a tick every ${settings.tickFrames} frames): **${(result.floodRatio ?? NaN).toFixed(2)}x** the floor, target below ${TARGET_FLOOD_RATIO}x: **${result.floodMet === true ? 'met' : 'not met'}** ` +
      `(every body parsed, as before: ${((result.stages.find((st) => st.id === 'pipelineParsed')?.nsPerFrame ?? NaN) / result.floorNs).toFixed(2)}x). ` +
      `Every frame shown (a tick every ${SHOWN_TICK_FRAMES} frames): **${(result.shownRatio ?? NaN).toFixed(2)}x**, target at most ${TARGET_SHOWN_RATIO}x: **${result.shownMet === true ? 'met' : 'not met'}** ` +
      `(every body parsed on arrival: ${((result.stages.find((st) => st.id === 'pipelineAllShownParsed')?.nsPerFrame ?? NaN) / result.floorNs).toFixed(2)}x).`,
  ].join('\n');
}

export async function run(options: MicroOptions): Promise<MicroResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const frameCount = options.frames ?? (options.smoke ? 3000 : setting('BENCH_MICRO_FRAMES', 200_000, TICK_FRAMES));
  const rounds = options.rounds ?? (options.smoke ? 1 : setting('BENCH_MICRO_ROUNDS', 7, 1));
  const warmup = options.warmup ?? (options.smoke ? 0 : setting('BENCH_MICRO_WARMUP', 2, 0));
  const write = options.write ?? !options.smoke;

  const loadBefore = os.loadavg()[0] ?? NaN;
  noPretenuring();
  log(`micro: building ${frameCount} frames...`);
  const frames = generateFrames(frameCount);
  const inputs = prepare(frames);
  const stages = stagesOf(inputs);
  const gc = findGc();
  const clock = cpuClock();
  log(`micro: ${stages.length} stages x (${warmup} warm-up + ${rounds} measured) rounds${gc ? '' : ' (no gc between stages)'}, ${clock.kind} CPU time...`);
  const times = await measure(stages, frameCount, rounds, warmup, gc, clock);
  const medians = new Map([...times].map(([id, t]) => [id, median(t.cpu)]));
  const floorNs = medians.get('floor') ?? NaN;
  const pipelineNs = medians.get('pipeline') ?? NaN;
  const results: StageResult[] = stages.map((s) => {
    const t = times.get(s.id) ?? { cpu: [], wall: [] };
    const m = medians.get(s.id) ?? NaN;
    return {
      id: s.id,
      label: s.label,
      nsPerFrame: m,
      minNs: Math.min(...t.cpu),
      maxNs: Math.max(...t.cpu),
      wallNs: median(t.wall),
      rounds: t,
      xFloor: m / floorNs,
      shareOfPipeline: s.part === true ? m / pipelineNs : null,
    };
  });
  const ratio = pipelineNs / floorNs;
  const floorRounds = times.get('floor')?.cpu ?? [];
  const perRound = (times.get('pipeline')?.cpu ?? []).map((p, i) => p / (floorRounds[i] ?? NaN));
  const result: MicroResult = {
    benchmark: 'micro',
    date: new Date().toISOString(),
    machine: machineFacts(),
    settings: { frames: frameCount, rounds, warmup, tickFrames: TICK_FRAMES, gcBetweenStages: gc !== null, cpuClock: clock.kind },
    loadAverage: { before: loadBefore, after: os.loadavg()[0] ?? NaN },
    mix: frames.mix,
    pipelineCounts: runPipeline(frames.texts, 'none').counts,
    stages: results,
    floorNs,
    pipelineNs,
    ratio,
    ratioPerRound: { median: median(perRound), min: Math.min(...perRound), max: Math.max(...perRound) },
    workerHalfRatio: (medians.get('pipelineSerialize') ?? NaN) / floorNs,
    target: TARGET_RATIO,
    met: ratio <= TARGET_RATIO,
    floodRatio: ratio,
    floodMet: ratio < TARGET_FLOOD_RATIO,
    shownRatio: (medians.get('pipelineAllShown') ?? NaN) / floorNs,
    shownMet: (medians.get('pipelineAllShown') ?? NaN) / floorNs <= TARGET_SHOWN_RATIO,
  };

  const summary = summaryOf(result);
  log(`\n${SECTION}${options.smoke ? ' (smoke run, not written)' : ''}\n\n${summary}\n`);
  if (write) {
    const doc = writeDocsSection(SECTION, summary);
    const json = writeResults('micro', result);
    log(`written to ${path.relative(ROOT, doc)} and ${path.relative(ROOT, json)}`);
  }
  return result;
}
