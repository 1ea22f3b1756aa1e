import { describe, expect, it } from 'vitest';
import { mentionText, splitMentions } from './mentions';

const join = (runs: { text: string }[]) => runs.map((r) => r.text).join('');

describe('splitMentions', () => {
  it('keeps text without @ as one run', () => {
    expect(splitMentions('hello world')).toEqual([{ kind: 'text', text: 'hello world' }]);
  });

  it('finds @name runs up to a space or the next @', () => {
    expect(splitMentions('hi @Alice and @张三 @Bob@Carl!')).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'mention', text: '@Alice' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', text: '@张三' },
      { kind: 'text', text: ' ' },
      { kind: 'mention', text: '@Bob' },
      { kind: 'mention', text: '@Carl!' },
    ]);
  });

  it('leaves a lone @ as text, and joining the runs gives the input back', () => {
    for (const text of ['a @ b', '@', 'x@', '@@a', 'mail me@example.com', '@a\n@b']) {
      expect(join(splitMentions(text))).toBe(text);
    }
    expect(splitMentions('a @ b')).toEqual([{ kind: 'text', text: 'a @ b' }]);
  });
});

describe('mentionText', () => {
  it('is @name followed by a space', () => {
    expect(mentionText('Alice')).toBe('@Alice ');
  });
});
