/**
 * The emoji catalogue as the chat and the conversations use it: image URLs under the app's
 * static base for the picker, and each emoji's place in the sprite the rows paint from (base.css
 * names the sprite; Vite puts the base before it). The catalogue gives paths relative to
 * that base (public/emoji/...); the base is the build-time VITE_BASE, the same one
 * index.html uses for config.js.
 */
import { EMOJI_CATALOGUE, emojiByName, emojiImagePath, emojiSpriteCell, type EmojiDef } from '../domain/emoji';

export interface EmojiImage {
  readonly name: string;
  /** The token as written in text: "[name]". */
  readonly token: string;
  readonly src: string;
  /** The horizontal background position of its cell in the sprite, as a CSS percentage. */
  readonly spriteX: string;
}

function spriteX(def: EmojiDef): string {
  const last = EMOJI_CATALOGUE.length - 1;
  return last <= 0 ? '0%' : `${((emojiSpriteCell(def) / last) * 100).toFixed(4)}%`;
}

function assetUrl(path: string): string {
  const base = import.meta.env.BASE_URL;
  return (base.endsWith('/') ? base : `${base}/`) + (path.startsWith('/') ? path.slice(1) : path);
}

function toImage(def: EmojiDef): EmojiImage {
  return { name: def.name, token: `[${def.name}]`, src: assetUrl(emojiImagePath(def)), spriteX: spriteX(def) };
}

/** Every emoji of the picker, built once. */
export const EMOJI_IMAGES: readonly EmojiImage[] = EMOJI_CATALOGUE.map(toImage);

const byName = new Map<string, EmojiImage>();

/** The image for a token name, or null for an unknown name (shown as plain text). */
export function emojiImage(name: string): EmojiImage | null {
  const cached = byName.get(name);
  if (cached !== undefined) return cached;
  const def = emojiByName(name);
  if (def === null) return null;
  const image = toImage(def);
  byName.set(name, image);
  return image;
}
