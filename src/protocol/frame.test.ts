import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeFrame, encodeFrame, FRAME_SEPARATOR, FrameEncodeError, framesOfMessage, isRequestCode, replyCodeFor } from './frame';

describe('decodeFrame', () => {
  it('reads headers and a JSON body', () => {
    const r = decodeFrame('code:7101\nseq:12\nmid:abc\n\n{"body":"hi"}');
    expect(r).toEqual({
      ok: true,
      frame: { code: 7101, seq: 12, mid: 'abc', headers: { code: '7101', seq: '12', mid: 'abc' }, body: { body: 'hi' } },
    });
  });

  it('reads the login frame, which has no code', () => {
    const r = decodeFrame('cmd:login\naid:100\nsid:s-1\n\n{}');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.frame.code).toBeNull();
      expect(r.frame.headers.sid).toBe('s-1');
      expect(r.frame.seq).toBe(0);
    }
  });

  it('keeps a colon inside a value and unknown headers', () => {
    const r = decodeFrame('code:1100\nx_trace:a:b:c\n\n{}');
    expect(r.ok && r.frame.headers.x_trace).toBe('a:b:c');
  });

  it('drops a __proto__ header instead of touching the prototype', () => {
    const r = decodeFrame('code:1\n__proto__:x\nconstructor:y\n\n{}');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.getPrototypeOf(r.frame.headers)).toBe(Object.prototype);
    expect(Object.keys(r.frame.headers)).toEqual(['code', 'constructor']);
    expect(r.frame.headers.constructor).toBe('y');
  });

  it('accepts an empty value', () => {
    const r = decodeFrame('code:9001\nmid:\n\n{}');
    expect(r.ok && r.frame.mid).toBe('');
  });

  it.each([
    [42, 'not-text'],
    ['code:1\n{}', 'no-blank-line'],
    ['\n\n{}', 'no-headers'],
    ['code:1\nnocolon\n\n{}', 'header-without-colon'],
    ['Code:1\n\n{}', 'bad-header-key'],
    [':1\n\n{}', 'bad-header-key'],
    ['co de:1\n\n{}', 'bad-header-key'],
    ['code:7101.5\n\n{}', 'bad-code'],
    ['code:\n\n{}', 'bad-code'],
    ['code: 7101\n\n{}', 'bad-code'],
    ['code:-3\n\n{}', 'bad-code'],
    ['code:abc\n\n{}', 'bad-code'],
    ['code:1\nseq:x\n\n{}', 'bad-seq'],
    ['code:1\n\n{', 'body-not-json'],
    ['code:1\n\n', 'body-not-json'],
    ['code:1\n\n[1]', 'body-not-object'],
    ['code:1\n\nnull', 'body-not-object'],
    ['code:1\n\n"x"', 'body-not-object'],
  ] as const)('drops %j as %s', (input, reason) => {
    expect(decodeFrame(input)).toEqual({ ok: false, reason });
  });

  it('never throws, whatever the input (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.anything()), (input) => {
        const r = decodeFrame(input);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on mutations of a valid frame (property)', () => {
    const valid = encodeFrame({ code: 7101, seq: 3, mid: 'm'.repeat(32), body: { webcastId: 'r', offset: 9, body: '[微笑] hi' } });
    fc.assert(
      fc.property(fc.nat(valid.length), fc.nat(valid.length), fc.string({ maxLength: 4 }), (at, cut, insert) => {
        const mutated = valid.slice(0, at) + insert + valid.slice(Math.min(valid.length, at + (cut % 5)));
        const r = decodeFrame(mutated);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 3000 },
    );
  });
});

describe('encodeFrame', () => {
  it('writes code, seq and mid first and omits seq 0', () => {
    expect(encodeFrame({ code: 9001, seq: 0, body: {} })).toBe('code:9001\n\n{}');
    expect(encodeFrame({ code: 7001, seq: 5, mid: 'x', body: { a: 1 } })).toBe('code:7001\nseq:5\nmid:x\n\n{"a":1}');
  });

  it('writes the login frame', () => {
    expect(encodeFrame({ headers: { cmd: 'login', aid: 100, sid: 's' } })).toBe('cmd:login\naid:100\nsid:s\n\n{}');
  });

  it('refuses what the grammar cannot carry', () => {
    expect(() => encodeFrame({ headers: { 'Bad-Key': 1 } })).toThrow(FrameEncodeError);
    expect(() => encodeFrame({ code: 1, headers: { sid: 'a\nb' } })).toThrow(FrameEncodeError);
    expect(() => encodeFrame({ body: {} })).toThrow(FrameEncodeError);
    expect(() => encodeFrame({ code: 1, body: { n: 1n } as unknown as Record<string, unknown> })).toThrow(FrameEncodeError);
  });

  it('round-trips any frame the grammar allows (property)', () => {
    // __proto__ is dropped by design (see the test above), so it cannot round-trip.
    const key = fc.stringMatching(/^[a-z0-9_]{1,12}$/).filter((k) => k !== 'code' && k !== 'seq' && k !== 'mid' && k !== '__proto__');
    const value = fc.string().filter((v) => !v.includes('\n'));
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 99999 }), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 2 ** 31 }), { nil: undefined }),
        fc.option(fc.string({ minLength: 32, maxLength: 32 }).filter((v) => !v.includes('\n')), { nil: undefined }),
        fc.dictionary(key, value, { maxKeys: 4 }),
        fc.dictionary(fc.string(), fc.jsonValue()),
        (code, seq, mid, headers, body) => {
          fc.pre(code !== undefined || seq !== undefined || mid !== undefined || Object.keys(headers).length > 0);
          const r = decodeFrame(encodeFrame({ code, seq, mid, headers, body }));
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(r.frame.code).toBe(code ?? null);
          expect(r.frame.seq).toBe(seq ?? 0);
          expect(r.frame.mid).toBe(mid ?? null);
          for (const [k, v] of Object.entries(headers)) expect(r.frame.headers[k]).toBe(v);
          expect(r.frame.body).toEqual(JSON.parse(JSON.stringify(body)));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('request and reply codes', () => {
  it('pairs a request with its reply code', () => {
    expect(replyCodeFor(7101)).toBe(7100);
    expect(isRequestCode(7001)).toBe(true);
    expect(isRequestCode(7000)).toBe(false);
  });
});

describe('framesOfMessage (batched messages, docs/protocol.md 5.2)', () => {
  it('gives a plain message, or anything that is not text, as its only frame', () => {
    expect(framesOfMessage('code:7101\n\n{}')).toEqual(['code:7101\n\n{}']);
    expect(framesOfMessage(42)).toEqual([42]);
  });

  it('never meets the separator inside an encoded frame, whatever the body holds', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ code: fc.integer({ min: 1, max: 9999 }), text: fc.string({ unit: 'binary' }) }), { minLength: 1, maxLength: 8 }), (parts) => {
        const frames = parts.map((p) => encodeFrame({ code: p.code, body: { text: p.text } }));
        const split = framesOfMessage(frames.join(FRAME_SEPARATOR));
        expect(split).toEqual(frames);
        const texts = split.map((f) => {
          const decoded = decodeFrame(f);
          return decoded.ok ? decoded.frame.body.text : decoded.reason;
        });
        expect(texts).toEqual(parts.map((p) => p.text));
      }),
    );
  });
});
