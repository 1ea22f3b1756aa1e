import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { CHAT_CUT_ELLIPSIS, chatTextLength, cutChatText, fitsChatCut, tokenizeChat, type ChatSegment } from './chatCut';
import { CHAT_CUT_LENGTH, EMOJI_TOKEN_LENGTH } from './constants';

/** A reference tokenizer written differently (regex, per code point) to cross-check. */
function referenceUnits(text: string): string[] {
  const cps = [...text];
  const units: string[] = [];
  let i = 0;
  while (i < cps.length) {
    if (cps[i] === '[') {
      let j = i + 1;
      while (j < cps.length && j - i - 1 <= 6 && cps[j] !== '[' && cps[j] !== ']') j++;
      const nameLength = j - i - 1;
      if (cps[j] === ']' && nameLength >= 1 && nameLength <= 6) {
        units.push(cps.slice(i, j + 1).join(''));
        i = j + 1;
        continue;
      }
    }
    units.push(cps[i] ?? '');
    i++;
  }
  return units;
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
const stripEllipsis = (s: string) => (s.endsWith(CHAT_CUT_ELLIPSIS) ? s.slice(0, -CHAT_CUT_ELLIPSIS.length) : s);

/** Chat-like text: emoji tokens, stray and nested brackets, CJK, astral emoji, lone surrogates. */
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'b', ' ', '中', '文', '1', '\n') },
  { weight: 2, arbitrary: fc.constantFrom('[微笑]', '[ok]', '[abcdef]', '[大哭]', '[😀]', '[a b]') },
  { weight: 2, arbitrary: fc.constantFrom('[', ']', '[]', '[[', ']]', '[abcdefg]', '[a[b]', '[中') },
  { weight: 1, arbitrary: fc.constantFrom('😀', '👍🏽', '𠀀', '\ud83d', '\ude00', '…') },
);
const chatText = (maxPieces: number) => fc.array(piece, { maxLength: maxPieces }).map((p) => p.join(''));
/** Mostly around the 500-unit boundary, sometimes far beyond. */
const boundaryText = fc.oneof(chatText(30), fc.array(piece, { minLength: 480, maxLength: 560 }).map((p) => p.join('')), chatText(1500));
/**
 * For properties over texts of hundreds of units: shrinking a failing 1500-piece text takes
 * minutes, so a broken cut is reported at once with the first counterexample instead.
 */
const LARGE_INPUT = { endOnFailure: true } as const;

describe('chatTextLength', () => {
  it('counts each emoji token as one', () => {
    expect(chatTextLength('')).toBe(0);
    expect(chatTextLength('hello')).toBe(5);
    expect(chatTextLength('[微笑]')).toBe(1);
    expect(chatTextLength('hi[微笑][大哭]!')).toBe(5);
  });

  it('accepts token names of 1 to 6 characters, i.e. tokens of up to 8 with brackets', () => {
    expect(EMOJI_TOKEN_LENGTH).toBe(8);
    expect(chatTextLength('[a]')).toBe(1);
    expect(chatTextLength('[abcdef]')).toBe(1); // 8 characters
    expect(chatTextLength('[abcdefg]')).toBe(9); // 9 characters: plain text
    expect(chatTextLength('[]')).toBe(2);
    expect(chatTextLength('[😀😀😀😀😀😀]')).toBe(1); // names are counted in code points
    expect(chatTextLength('[😀😀😀😀😀😀😀]')).toBe(9);
  });

  it('lets the innermost bracket open the token', () => {
    expect(chatTextLength('[a[b]')).toBe(3); // "[", "a", "[b]"
    expect(chatTextLength('[[ok]]')).toBe(3); // "[", "[ok]", "]"
    expect(chatTextLength('[ok')).toBe(3);
    expect(chatTextLength('ok]')).toBe(3);
  });

  it('counts code points and never splits a surrogate pair', () => {
    expect(chatTextLength('😀')).toBe(1);
    expect(chatTextLength('👍🏽')).toBe(2); // two code points (thumb + skin tone)
    expect(chatTextLength('\ud83d')).toBe(1);
    expect(chatTextLength('\ud83d[a]')).toBe(2);
  });

  it('agrees with a reference tokenizer on any text', () => {
    fc.assert(
      fc.property(fc.oneof(chatText(60), fc.string({ unit: 'binary' })), (text) => {
        expect(chatTextLength(text)).toBe(referenceUnits(text).length);
      }),
    );
  });
});

describe('cutChatText', () => {
  it('leaves text of exactly 500 units untouched and cuts 501', () => {
    expect(CHAT_CUT_LENGTH).toBe(500);
    const five00 = 'a'.repeat(500);
    expect(cutChatText(five00)).toEqual({ text: five00, cut: false, length: 500 });
    expect(cutChatText(`${five00}b`)).toEqual({ text: `${five00}…`, cut: true, length: 500 });
  });

  it('counts emoji tokens as one unit when cutting', () => {
    const tokens500 = '[微笑]'.repeat(500); // 2000 UTF-16 units but 500 chat units
    expect(cutChatText(tokens500)).toEqual({ text: tokens500, cut: false, length: 500 });
    expect(cutChatText(`${tokens500}x`)).toEqual({ text: `${tokens500}…`, cut: true, length: 500 });
  });

  it('keeps a token that is the 500th unit whole', () => {
    const text = `${'a'.repeat(499)}[微笑]tail`;
    expect(cutChatText(text)).toEqual({ text: `${'a'.repeat(499)}[微笑]…`, cut: true, length: 500 });
  });

  it('drops a token that would be the 501st unit whole, never leaving half of it', () => {
    const text = `${'a'.repeat(500)}[微笑]`;
    expect(cutChatText(text).text).toBe(`${'a'.repeat(500)}…`);
    // Measured in UTF-16 units the token straddles 500..503; it must not be split.
    const straddling = `${'a'.repeat(498)}[ok][微笑]xyz`;
    expect(cutChatText(straddling).text).toBe(`${'a'.repeat(498)}[ok][微笑]…`);
  });

  it('never splits a surrogate pair at the cut', () => {
    const text = `${'a'.repeat(499)}😀😀`;
    expect(cutChatText(text)).toEqual({ text: `${'a'.repeat(499)}😀…`, cut: true, length: 500 });
  });

  it('returns empty text untouched', () => {
    expect(cutChatText('')).toEqual({ text: '', cut: false, length: 0 });
  });

  it('handles very long text', () => {
    const r = cutChatText('[微笑]x'.repeat(200_000));
    expect(r.cut).toBe(true);
    expect(chatTextLength(stripEllipsis(r.text))).toBe(500);
  });

  it('handles pathological brackets in linear time', () => {
    for (const text of ['['.repeat(200_000), '[aaaaaa'.repeat(30_000), '[a'.repeat(100_000)]) {
      const started = Date.now();
      chatTextLength(text);
      tokenizeChat(text);
      cutChatText(text);
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it('takes an explicit limit', () => {
    expect(cutChatText('abc[微笑]de', 4)).toEqual({ text: 'abc[微笑]…', cut: true, length: 4 });
    expect(cutChatText('abc', 0)).toEqual({ text: '…', cut: true, length: 0 });
  });

  describe('properties', () => {
    it('shows at most 500 units, plus the ellipsis only when cut', () => {
      fc.assert(
        fc.property(boundaryText, (text) => {
          const r = cutChatText(text);
          const shown = r.cut ? stripEllipsis(r.text) : r.text;
          expect(r.cut).toBe(r.text !== text);
          expect(r.cut ? r.text.endsWith(CHAT_CUT_ELLIPSIS) : true).toBe(true);
          expect(chatTextLength(shown)).toBe(r.length);
          expect(r.length).toBeLessThanOrEqual(CHAT_CUT_LENGTH);
          if (r.cut) expect(r.length).toBe(CHAT_CUT_LENGTH);
        }),
        LARGE_INPUT,
      );
    });

    it('leaves text of at most 500 units untouched and cuts longer text', () => {
      fc.assert(
        fc.property(boundaryText, (text) => {
          const r = cutChatText(text);
          const length = chatTextLength(text);
          expect(r.cut).toBe(length > CHAT_CUT_LENGTH);
          if (!r.cut) expect(r).toEqual({ text, cut: false, length });
        }),
        LARGE_INPUT,
      );
    });

    it('shows a prefix of the original that ends on a unit boundary', () => {
      fc.assert(
        fc.property(boundaryText, (text) => {
          const r = cutChatText(text);
          if (!r.cut) return;
          const shown = stripEllipsis(r.text);
          expect(text.startsWith(shown)).toBe(true);
          // The shown units are exactly the first units of the original: no token was
          // split or re-read differently, and no surrogate pair was split.
          expect(referenceUnits(shown)).toEqual(referenceUnits(text).slice(0, CHAT_CUT_LENGTH));
          const last = shown.charCodeAt(shown.length - 1);
          const next = text.charCodeAt(shown.length);
          expect(isHigh(last) && isLow(next)).toBe(false);
        }),
        LARGE_INPUT,
      );
    });

    it('is idempotent on its own output minus the ellipsis', () => {
      fc.assert(
        fc.property(boundaryText, (text) => {
          const shown = stripEllipsis(cutChatText(text).text);
          const again = cutChatText(shown);
          expect(again).toEqual({ text: shown, cut: false, length: chatTextLength(shown) });
        }),
        LARGE_INPUT,
      );
    });

    it('works on arbitrary Unicode, lone surrogates included', () => {
      const anyText = fc.string({
        unit: fc.oneof(
          fc.constantFrom('[', ']', 'x'),
          fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
        ),
        minLength: 400,
        maxLength: 1200,
      });
      fc.assert(
        fc.property(anyText, (text) => {
          const r = cutChatText(text);
          const shown = stripEllipsis(r.text);
          expect(text.startsWith(shown)).toBe(true);
          expect(referenceUnits(shown)).toEqual(referenceUnits(text).slice(0, CHAT_CUT_LENGTH));
        }),
        { ...LARGE_INPUT, numRuns: 50 },
      );
    });
  });
});

describe('fitsChatCut', () => {
  it('never says a text fits when the cut would change it', () => {
    fc.assert(
      fc.property(fc.oneof(boundaryText, fc.string({ unit: 'binary', maxLength: 600 })), (text) => {
        if (fitsChatCut(text)) expect(cutChatText(text)).toMatchObject({ text, cut: false });
      }),
    );
    expect(fitsChatCut('a'.repeat(CHAT_CUT_LENGTH))).toBe(true);
    expect(fitsChatCut('a'.repeat(CHAT_CUT_LENGTH + 1))).toBe(false);
  });
});

describe('tokenizeChat', () => {
  it('splits text and emoji tokens in order, merging plain text', () => {
    const expected: ChatSegment[] = [
      { kind: 'text', text: 'hi ' },
      { kind: 'emoji', name: '微笑', raw: '[微笑]' },
      { kind: 'emoji', name: 'ok', raw: '[ok]' },
      { kind: 'text', text: ' [bye' },
    ];
    expect(tokenizeChat('hi [微笑][ok] [bye')).toEqual(expected);
  });

  it('gives nothing for empty text and one text segment for plain text', () => {
    expect(tokenizeChat('')).toEqual([]);
    expect(tokenizeChat('plain 😀 text')).toEqual([{ kind: 'text', text: 'plain 😀 text' }]);
  });

  it('does not make a token of an empty or overlong bracket', () => {
    expect(tokenizeChat('[]')).toEqual([{ kind: 'text', text: '[]' }]);
    expect(tokenizeChat('[abcdefg]')).toEqual([{ kind: 'text', text: '[abcdefg]' }]);
    expect(tokenizeChat('[abcdef]')).toEqual([{ kind: 'emoji', name: 'abcdef', raw: '[abcdef]' }]);
    expect(tokenizeChat('[a[b]')).toEqual([
      { kind: 'text', text: '[a' },
      { kind: 'emoji', name: 'b', raw: '[b]' },
    ]);
  });

  it('round-trips and agrees with chatTextLength on any text', () => {
    fc.assert(
      fc.property(fc.oneof(chatText(80), fc.string({ unit: 'binary' })), (text) => {
        const segments = tokenizeChat(text);
        expect(segments.map((s) => (s.kind === 'text' ? s.text : s.raw)).join('')).toBe(text);
        const units = segments.reduce((n, s) => n + (s.kind === 'emoji' ? 1 : [...s.text].length), 0);
        expect(units).toBe(chatTextLength(text));
        for (const [k, s] of segments.entries()) {
          if (s.kind === 'text') {
            expect(s.text.length).toBeGreaterThan(0);
            expect(segments[k + 1]?.kind).not.toBe('text');
          } else {
            expect(s.raw).toBe(`[${s.name}]`);
          }
        }
      }),
    );
  });
});
