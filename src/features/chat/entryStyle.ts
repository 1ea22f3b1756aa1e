/**
 * The presentation extras of a chat entry that come from the server as free text. Only a
 * validated colour (#rgb or #rrggbb, SPEC 5) is ever applied, as one CSS property: raw CSS
 * or class names from the wire never reach the page.
 */
import { isColour } from '../../domain/colour';
import type { ChatEntry } from '../../realtime/chatEntry';

/** The colour of the custom role badge, or null when definedStyle is not a valid colour. */
export function definedColour(definedStyle: string | null): string | null {
  return isColour(definedStyle) ? definedStyle : null;
}

/** The badge next to the sender: the room's custom role name when set, else the role label. */
export function roleBadge(entry: Pick<ChatEntry, 'definedRoleName' | 'definedStyle'>): { custom: string; colour: string | null } | null {
  const custom = entry.definedRoleName?.trim() ?? '';
  if (custom === '') return null;
  return { custom, colour: definedColour(entry.definedStyle) };
}

/** The first character of a name for the avatar fallback (a whole code point, never half of one). */
export function initialOf(name: string): string {
  // The first letter, digit or pictograph (an emoji): a name may open with an invisible
  // character (a bidi override, a zero-width space), punctuation or markup's < and >, which
  // would make an empty or odd avatar.
  const first = /[\p{L}\p{N}\p{So}]/u.exec(name)?.[0];
  return first === undefined ? '?' : first.toUpperCase();
}
