/**
 * What the connection status says about the room's message sync (issue 19 item 6): gaps
 * the worker filled after a drop, ranges it had to give up, and messages this tab never
 * showed, and chat the server left out to keep the viewer current. Pure, so the wording rules are tested in node.
 */
import type { RoomSync } from '../../realtime/roomHub';

export interface SyncFacts {
  readonly sync: RoomSync;
  readonly notShown: number;
}

export interface SyncLine {
  readonly key: string;
  readonly n: number;
}

/** The status lines, most serious first; empty when there is nothing to tell. */
export function syncLines({ sync, notShown }: SyncFacts): SyncLine[] {
  const lines: SyncLine[] = [];
  if (sync.gapsSkipped > 0) lines.push({ key: 'chat.sync.skipped', n: sync.messagesSkipped });
  if (sync.messagesThinned > 0) lines.push({ key: 'chat.sync.thinned', n: sync.messagesThinned });
  if (notShown > 0) lines.push({ key: 'chat.sync.notShown', n: notShown });
  if (sync.gapsFilled > 0) lines.push({ key: 'chat.sync.filled', n: sync.gapsFilled });
  return lines;
}

/**
 * Identifies what a viewer dismissed: a new gap (filled or given up), or the first skip to
 * keep up or the first message not shown, shows the status again; counts that merely grow
 * (every update of a flood) do not.
 */
export const syncStamp = ({ sync, notShown }: SyncFacts): string =>
  `${sync.gapsFilled}:${sync.gapsSkipped}:${sync.messagesSkipped}:${sync.messagesThinned > 0}:${notShown > 0}`;
