/**
 * Room messages the host sends over the socket (PROTOCOL 2.4: 7107, 7113 to 7125 "host
 * only"). Each code's body is checked field by field here, as data: a reader per code that
 * returns the fields to publish or throws 4501 naming the field. The interactive features
 * behind them (lottery draws, papers, red packets...) have their own admin calls; this path
 * announces what the host side decided, as the room message the viewers act on.
 */
import type { FrameBody } from '../../src/protocol/frame';
import { LIVE_STATUS } from '../../src/domain/constants';
import { invalid } from '../http/envelope.js';
import { enumField, idField, intField, isPlainObject, optionalIdField, optionalLinkField, optionalTextField, textField } from '../socket/fields.js';

type Reader = (body: FrameBody, now: number) => Record<string, unknown>;

const MS_MAX = 8_640_000_000_000; // the largest Date

function winners(value: unknown): Array<{ uid: string; name: string }> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 1000) throw invalid('winners', 'must be an array of at most 1000 {uid, name}');
  return value.map((w) => {
    if (!isPlainObject(w)) throw invalid('winners', 'each winner is {uid, name}');
    return { uid: idField(w, 'uid'), name: textField(w, 'name', 64) };
  });
}

export const HOST_ROOM_MESSAGES: ReadonlyMap<number, Reader> = new Map<number, Reader>([
  [
    7107,
    (b) => {
      const status = intField(b, 'status', LIVE_STATUS.notStarted, LIVE_STATUS.ended);
      const replay = optionalLinkField(b, 'replay');
      return replay === null ? { status } : { status, replay };
    },
  ],
  [
    7113,
    (b) => {
      const state = enumField(b, 'state', ['start', 'end'] as const);
      const raffleId = idField(b, 'raffleId');
      return state === 'end' ? { raffleId, state, winners: winners(b.winners) } : { raffleId, state };
    },
  ],
  [
    7115,
    (b) => {
      const kind = enumField(b, 'kind', ['paper', 'answerSheet'] as const);
      const id = optionalIdField(b, 'id');
      const confId = optionalIdField(b, 'confId');
      if (id === null && confId === null) throw invalid('id', 'id or confId is required');
      return { kind, ...(id === null ? {} : { id }), ...(confId === null ? {} : { confId }) };
    },
  ],
  [
    7117,
    (b, now) => {
      const deadline = intField(b, 'deadline', 0, MS_MAX);
      if (deadline <= now) throw invalid('deadline', 'must be in the future (ms since the epoch)');
      return { confId: idField(b, 'confId'), id: idField(b, 'id'), deadline };
    },
  ],
  [7119, (b) => ({ id: idField(b, 'id'), state: intField(b, 'state', 0, 2) })],
  [7121, (b) => ({ kind: enumField(b, 'kind', ['goods', 'recommend'] as const), id: idField(b, 'id') })],
  [
    7123,
    (b) => {
      if (b.state !== undefined) return { state: enumField(b, 'state', ['on', 'off', 'unopened'] as const) };
      return { qaId: idField(b, 'qaId'), question: textField(b, 'question', 2000), answer: textField(b, 'answer', 2000) };
    },
  ],
  [
    7125,
    (b) => {
      const text = textField(b, 'text', 500);
      const start = intField(b, 'start', 0, MS_MAX);
      const end = intField(b, 'end', 0, MS_MAX);
      if (end < start) throw invalid('end', 'must not be before start');
      return { text, start, end, lang: optionalTextField(b, 'lang', 16) ?? '' };
    },
  ],
]);
