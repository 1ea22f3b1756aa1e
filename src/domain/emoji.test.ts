import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chatTextLength, tokenizeChat } from './chatCut';
import { EMOJI_CATALOGUE, EMOJI_SPRITE_PATH, emojiByName, emojiImagePath, emojiSpriteCell, emojiToken } from './emoji';

const PUBLIC_EMOJI = path.resolve(__dirname, '../../public/emoji');

describe('emoji catalogue', () => {
  it('has about two dozen entries with unique names and unique files', () => {
    expect(EMOJI_CATALOGUE.length).toBe(24);
    expect(new Set(EMOJI_CATALOGUE.map((e) => e.name)).size).toBe(EMOJI_CATALOGUE.length);
    expect(new Set(EMOJI_CATALOGUE.map((e) => e.file)).size).toBe(EMOJI_CATALOGUE.length);
  });

  it.each(EMOJI_CATALOGUE.map((e) => [e.name, e] as const))('[%s] is one emoji segment and one unit of the cut', (name, e) => {
    const token = emojiToken(e);
    expect(token).toBe(`[${name}]`);
    expect(tokenizeChat(token)).toEqual([{ kind: 'emoji', name, raw: token }]);
    expect(tokenizeChat(`a${token}b`)).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'emoji', name, raw: token },
      { kind: 'text', text: 'b' },
    ]);
    expect(chatTextLength(token.repeat(3))).toBe(3);
  });

  it('finds entries by exact name, and nothing else', () => {
    for (const e of EMOJI_CATALOGUE) expect(emojiByName(e.name)).toBe(e);
    expect(emojiByName('微笑')?.file).toBe('smile.svg');
    expect(emojiByName('ok')).toBeNull();
    expect(emojiByName('[微笑]')).toBeNull();
    expect(emojiByName('')).toBeNull();
    expect(emojiByName('toString')).toBeNull();
    expect(emojiByName('__proto__')).toBeNull();
  });

  it('gives paths relative to the app base, each a small SVG in public/emoji, and no stray files', () => {
    for (const e of EMOJI_CATALOGUE) {
      expect(emojiImagePath(e)).toBe(`emoji/${e.file}`);
      expect(e.file).toMatch(/^[a-z0-9-]+\.svg$/);
      const file = path.join(PUBLIC_EMOJI, e.file);
      expect(fs.existsSync(file), e.file).toBe(true);
      const text = fs.readFileSync(file, 'utf8');
      expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"'), e.file).toBe(true);
      expect(Buffer.byteLength(text), e.file).toBeLessThanOrEqual(1536);
      expect(text, e.file).not.toMatch(/<script|\bon[a-z]+=|href=/i);
    }
    expect(fs.readdirSync(PUBLIC_EMOJI).sort()).toEqual([...EMOJI_CATALOGUE.map((e) => e.file), 'sprite.svg'].sort());
  });

  it('has a sprite with each drawing in the cell the chat paints it from', () => {
    expect(EMOJI_SPRITE_PATH).toBe('emoji/sprite.svg');
    const sprite = fs.readFileSync(path.join(PUBLIC_EMOJI, 'sprite.svg'), 'utf8');
    expect(sprite.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${64 * EMOJI_CATALOGUE.length} 64"`)).toBe(true);
    expect(sprite).not.toMatch(/<script|\bon[a-z]+=|href=/i);
    const cells = [...sprite.matchAll(/<svg data-file="([^"]+)" x="(\d+)" y="0" width="64" height="64" viewBox="0 0 64 64">(.*?)<\/svg>/g)];
    expect(cells).toHaveLength(EMOJI_CATALOGUE.length);
    for (const e of EMOJI_CATALOGUE) {
      const cell = emojiSpriteCell(e);
      const found = cells.find((c) => c[1] === e.file);
      expect(found?.[2], e.file).toBe(String(cell * 64));
      // The same drawing as the single file the picker shows.
      expect(fs.readFileSync(path.join(PUBLIC_EMOJI, e.file), 'utf8'), e.file).toContain(`>${found?.[3]}</svg>`);
    }
    expect(emojiSpriteCell({ name: 'x', file: 'x.svg' })).toBe(-1);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(EMOJI_CATALOGUE)).toBe(true);
    expect(Object.isFrozen(EMOJI_CATALOGUE[0])).toBe(true);
  });
});
