import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeFrame } from '../protocol/frame';
import { readId, toChatEntry } from './chatEntry';
import { mayConcernViewer, mayNameId, RawChatBody, readChatPlace, readSocketFrame } from './chatScan';
import { isPriorityEntry } from './deltas';

const MY_UID = 'viewer-7';

/** JSON written with some letters and digits of its strings as \u escapes, as another server might (valid JSON all the same). */
function escapedJson(value: unknown, escapeEvery: number): string {
  const text = JSON.stringify(value);
  let out = '';
  let inString = false;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString && c === '\\') {
      // An escape already: copied as it is, with the character it escapes.
      out += c + text[i + 1]!;
      i++;
      continue;
    }
    if (c === '"') inString = !inString;
    if (inString && c !== '"' && /[a-z0-9]/i.test(c) && ++n % escapeEvery === 0) out += `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    else out += c;
  }
  return out;
}

const uid = fc.constantFrom(MY_UID, `${MY_UID}0`, 'u-1', 'u-22', 'host-1', 7, 123);
const role = fc.constantFrom<unknown>(5, 6, 7, 8, 9, '6', 6.0, -6, null, 'host');
const flag = fc.constantFrom<unknown>(true, false, 1, 0, '1', '0', 1.0, 'true', null);
const text = fc.oneof(fc.string(), fc.constantFrom('hi "role":6', '"highlight":true', `@${MY_UID}`, 'back\\slash', '[微笑] ok', '\n"x"\t'));
const chatBody = fc.record(
  {
    msgId: fc.stringMatching(/^m[0-9]{1,6}$/),
    uid,
    name: fc.string({ maxLength: 12 }),
    role,
    sendTime: fc.integer({ min: 1, max: 2 ** 40 }),
    body: text,
    picked_uid: fc.oneof(fc.constant([]), fc.array(uid, { maxLength: 3 }), uid),
    highlight: flag,
    quote: fc.option(fc.record({ name: fc.string({ maxLength: 8 }), chatContent: text, role }), { nil: null }),
    top: flag,
  },
  { requiredKeys: ['msgId', 'uid', 'sendTime', 'body'] },
);

describe('readChatPlace', () => {
  it("reads the room and offset the reference server writes last, as JSON.parse would", () => {
    fc.assert(
      fc.property(chatBody, fc.stringMatching(/^[0-9a-zA-Z_-]{1,20}$/), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(0, 2), (body, webcastId, offset, indent) => {
        const textOf = JSON.stringify({ ...body, webcastId, offset }, null, indent);
        expect(readChatPlace(textOf)).toEqual({ webcastId, offset });
      }),
    );
  });

  it('whatever the body, what it reads is what JSON.parse keeps (the last member of each key), or nothing', () => {
    const anyMember = fc.tuple(fc.constantFrom('webcastId', 'offset', 'x', 'body'), fc.jsonValue());
    fc.assert(
      fc.property(fc.array(anyMember, { maxLength: 6 }), fc.constantFrom(0, 1), (members, indent) => {
        // Duplicate keys are written as such (JSON.stringify of an object cannot).
        const textOf = `{${members.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v, null, indent) ?? 'null'}`).join(indent === 0 ? ',' : ', ')}}`;
        const place = readChatPlace(textOf);
        if (place === null) return;
        const parsed = JSON.parse(textOf) as Record<string, unknown>;
        expect(parsed.webcastId).toBe(place.webcastId);
        expect(parsed.offset).toBe(place.offset);
      }),
    );
  });

  it('gives nothing for other shapes: another order, a fraction, a quoted offset, a room id that needs escapes', () => {
    expect(readChatPlace('{"offset":5,"webcastId":"1"}')).toBeNull();
    expect(readChatPlace('{"webcastId":"1","offset":5.5}')).toBeNull();
    expect(readChatPlace('{"webcastId":"1","offset":"5"}')).toBeNull();
    expect(readChatPlace('{"webcastId":"a\\"b","offset":5}')).toBeNull();
    expect(readChatPlace('{"webcastId":"1","offset":05}')).toBeNull();
    expect(readChatPlace('{"webcastId":"1","offset":0}')).toBeNull();
    expect(readChatPlace('{"webcastId":"","offset":5}')).toBeNull();
    expect(readChatPlace('{"webcastId":"1","offset":9007199254740993}')).toBeNull();
    expect(readChatPlace('{"webcastId":"1","offset":9007199254740991}')).toEqual({ webcastId: '1', offset: 9007199254740991 });
    expect(readChatPlace('{"x":"\\"webcastId\\":\\"1\\",\\"offset\\":5}')).toBeNull();
    expect(readChatPlace('{"webcastId":"1","offset":5}')).toEqual({ webcastId: '1', offset: 5 });
  });
});

describe('mayConcernViewer', () => {
  it('is never false for a message that names the viewer by a numeric id, however the number is written', () => {
    fc.assert(
      fc.property(fc.constantFrom('123', '7', '1000'), fc.constantFrom((n: string) => n, (n: string) => `${n}.0`, (n: string) => `${Number(n) / 10}e1`, (n: string) => `${n}E0`), (id, write) => {
        const textOf = `{"msgId":"m1","uid":${write(id)},"sendTime":1,"body":"x","webcastId":"1","offset":1}`;
        const entry = toChatEntry(JSON.parse(textOf) as Record<string, unknown>, { myUid: id, previous: undefined });
        expect(entry?.mine).toBe(true);
        expect(mayConcernViewer(textOf, id)).toBe(true);
      }),
    );
  });

  it('is never false for a message that is the viewer\'s, mentions them, is staff\'s or highlighted (a superset of isPriorityEntry)', () => {
    fc.assert(
      fc.property(chatBody, fc.integer({ min: 1, max: 10 ** 6 }), fc.constantFrom(0, 2, 3, 7), fc.constantFrom(0, 2), (body, offset, escapeEvery, indent) => {
        const value = { ...body, webcastId: '10001', offset };
        const textOf = escapeEvery === 0 ? JSON.stringify(value, null, indent) : escapedJson(value, escapeEvery);
        const entry = toChatEntry(JSON.parse(textOf) as Record<string, unknown>, { myUid: MY_UID, previous: undefined });
        if (entry !== null && isPriorityEntry(entry)) expect(mayConcernViewer(textOf, MY_UID)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves most of a busy room's messages unparsed: others' plain chat is not suspected", () => {
    const plain = JSON.stringify({ msgId: 'm1', uid: 'u-1', name: 'A', role: 5, roleName: 'guest', sendTime: 1, body: 'hello [微笑] "quoted"', picked_uid: ['u-2'], highlight: false, top: false, webcastId: '10001', offset: 9 });
    expect(mayConcernViewer(plain, MY_UID)).toBe(false);
    expect(mayConcernViewer(plain, null)).toBe(false);
    expect(mayConcernViewer(plain.replace('"role":5', '"role":6'), MY_UID)).toBe(true);
    expect(mayConcernViewer(plain.replace('"highlight":false', '"highlight" : 1'), MY_UID)).toBe(true);
    expect(mayConcernViewer(plain.replace('u-2', MY_UID), MY_UID)).toBe(true);
    // An id JSON would write escaped is never looked for as written: every body is suspected.
    expect(mayConcernViewer(plain, 'a"b')).toBe(true);
    // Another id that begins with the viewer's is not the viewer's.
    expect(mayConcernViewer(plain.replace('u-2', `${MY_UID}0`), MY_UID)).toBe(false);
    // An id of digits, sent as a number.
    expect(mayConcernViewer(plain.replace('"u-2"', '123'), '123')).toBe(true);
    expect(mayConcernViewer(plain.replace('"u-2"', '1.23e2'), '123')).toBe(true);
  });
});

describe('mayNameId', () => {
  it("is never false for a body whose sender is the id, however it is written (the entry before a parsed one is parsed only then)", () => {
    fc.assert(
      fc.property(chatBody, uid, fc.constantFrom(0, 2, 3, 7), fc.constantFrom(0, 2), (body, id, escapeEvery, indent) => {
        const value = { ...body, webcastId: '10001', offset: 3 };
        const textOf = escapeEvery === 0 ? JSON.stringify(value, null, indent) : escapedJson(value, escapeEvery);
        const sender = readId((JSON.parse(textOf) as Record<string, unknown>).uid);
        const wanted = readId(id)!;
        if (sender === wanted) expect(mayNameId(textOf, wanted)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("is false for another sender's plain message: a busy room's entry before is not parsed for it", () => {
    const plain = JSON.stringify({ msgId: 'm1', uid: 'u-1', name: 'A', role: 5, sendTime: 1, body: 'hello', picked_uid: [], webcastId: '10001', offset: 9 });
    expect(mayNameId(plain, 'u-2')).toBe(false);
    expect(mayNameId(plain, 'u')).toBe(false);
    expect(mayNameId(plain, 'u-1')).toBe(true);
    expect(mayNameId(plain.replace('"u-1"', '1.5e2'), '150')).toBe(true);
    expect(mayNameId(plain.replace('hello', 'a \\u0041'), 'u-2')).toBe(true);
  });
});

describe('readSocketFrame', () => {
  it("routes the server's chat push unparsed, and decodes every other frame in full", () => {
    const body = { msgId: 'm1', uid: 'u-1', sendTime: 1, body: 'x', webcastId: '10001', offset: 3 };
    const fast = readSocketFrame(encodeFrame({ code: 7101, body }));
    expect(fast.ok && fast.frame.body instanceof RawChatBody).toBe(true);
    expect(fast.ok && fast.frame.code).toBe(7101);
    expect(fast.ok && fast.frame.body.webcastId).toBe('10001');
    expect(fast.ok && fast.frame.body.offset).toBe(3);
    const withMid = readSocketFrame(encodeFrame({ code: 7101, mid: 'x', body }));
    expect(withMid.ok && withMid.frame.body instanceof RawChatBody).toBe(false);
    const otherOrder = readSocketFrame(encodeFrame({ code: 7101, body: { offset: 3, webcastId: '10001', msgId: 'm1' } }));
    expect(otherOrder.ok && otherOrder.frame.body).toEqual({ offset: 3, webcastId: '10001', msgId: 'm1' });
    expect(readSocketFrame('code:7101\n\nnot json').ok).toBe(false);
  });
});
