/**
 * Malformed realtime frames, as a hostile or broken peer sends them (PROTOCOL 2.1: the
 * server drops what does not parse, counts it and keeps the socket open): mutated valid
 * frames, random text, well-formed frames with random codes and bodies (so real handlers
 * see nonsense), random headers, frames too large to read, and binary messages. Shared by
 * the socket fuzz test (server/socket/fuzz.test.ts) and the chaos suite's malformed-input
 * scenario (chaos/malformed.ts), which sends them to a real server process.
 */
import fc from 'fast-check';
import { encodeFrame, type FrameBody } from '../../src/protocol/frame';
import { MAX_FRAME_BYTES } from '../socket/connection.js';

/** Room 'r1' in the bodies stands for the room under test (`roomId` of malformedMix). */
const VALID_FRAMES = [
  encodeFrame({ code: 9001, seq: 1, body: {} }),
  encodeFrame({ code: 7101, seq: 2, body: { webcastId: 'r1', body: 'hello [ok]' } }),
  encodeFrame({ code: 7001, seq: 3, body: { webcastId: 'r1', offset: 0 } }),
  encodeFrame({ code: 2401, seq: 4, body: { webcastId: 'r1', after: 0, limit: 5 } }),
  encodeFrame({ code: 7103, seq: 5, body: { webcastId: 'r1', msgId: 'x' } }),
  encodeFrame({ code: 4115, seq: 6, body: { webcastId: 'r1', to: 'h', sdp: 'v=0' } }),
  encodeFrame({ code: 6106, body: { mid: 'abc' } }),
  encodeFrame({ headers: { cmd: 'login', aid: 100, sid: 'nothing' }, body: {} }),
];

/** A valid frame with a few random splices (delete some characters, insert some text). */
const mutatedFrame = fc
  .tuple(
    fc.constantFrom(...VALID_FRAMES),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 4 }), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 4 }),
  )
  .map(([frame, edits]) =>
    edits.reduce((text, [at, remove, insert]) => {
      const i = text.length === 0 ? 0 : at % text.length;
      return text.slice(0, i) + insert + text.slice(i + remove);
    }, frame),
  );

const randomText = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }));

const jsonBody: fc.Arbitrary<FrameBody> = fc.dictionary(fc.constantFrom('webcastId', 'offset', 'body', 'to', 'msgId', 'after', 'limit', 'uid', 'mid', 'x'), fc.jsonValue({ maxDepth: 2 }), {
  maxKeys: 5,
});

/** Well-formed frames with random codes and bodies, some of them for the room: handlers get nonsense. */
const randomRequest = fc
  .record({ code: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(7001, 7003, 7101, 7103, 7105, 2401, 4115, 4133, 9001)), seq: fc.nat({ max: 1000 }), body: jsonBody, room: fc.boolean() })
  .map(({ code, seq, body, room }) => encodeFrame({ code, seq, body: room ? { ...body, webcastId: 'r1' } : body }));

const randomHeaders = fc
  .tuple(fc.array(fc.tuple(fc.stringMatching(/^[a-z0-9_]{1,6}$/), fc.string({ maxLength: 10 })), { maxLength: 4 }), fc.string({ maxLength: 40 }))
  .map(([headers, body]) => `${headers.map(([k, v]) => `${k}:${v.replace(/\n/g, '')}`).join('\n')}\n\n${body}`);

const hugeFrame = fc.integer({ min: MAX_FRAME_BYTES + 1, max: 900 * 1024 }).map((n) => `code:9001\nseq:9\n\n{"x":"${'a'.repeat(n)}"}`);

const binary = fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes));



export interface RawMessage {
  readonly data: string | Buffer;
  readonly binary: boolean;
}

const SHARES = { mutated: 0.4, text: 0.25, request: 0.2, huge: 0.002, binary: 0.002 } as const;

/**
 * `count` malformed messages in a fixed shuffle (the same for the same seed): 40 % mutated
 * valid frames, 25 % random text, 20 % random requests, 0.2 % each too large and binary,
 * the rest random headers. Room ids 'r1' in the bodies become `roomId`.
 */
export function malformedMix(count: number, seed: number, roomId = 'r1'): RawMessage[] {
  const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number): T[] => (numRuns <= 0 ? [] : fc.sample(arbitrary, { numRuns, seed }));
  const share = (s: number) => Math.max(1, Math.round(count * s));
  const forRoom = (text: string) => (roomId === 'r1' ? text : text.replaceAll('"r1"', JSON.stringify(roomId)));
  const mutated = sample(mutatedFrame, share(SHARES.mutated));
  const text = sample(randomText, share(SHARES.text));
  const requests = sample(randomRequest, share(SHARES.request)).map(forRoom);
  const huge = sample(hugeFrame, share(SHARES.huge));
  const bytes = sample(binary, share(SHARES.binary));
  const headers = sample(randomHeaders, count - mutated.length - text.length - requests.length - huge.length - bytes.length);
  const all: RawMessage[] = [
    ...[...mutated.map(forRoom), ...text, ...requests, ...headers, ...huge].map((data) => ({ data, binary: false })),
    ...bytes.map((data) => ({ data, binary: true })),
  ];
  // A fixed shuffle so huge and binary messages fall among the others.
  return sample(fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }), 1)[0] ?? [];
}
