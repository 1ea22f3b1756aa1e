/**
 * Whether the viewer may send now, and why not, from the connection, the room join and the
 * chat state (7105). The server enforces the same rules (server/chat/service.ts: staff are
 * not held by the room's switches); deciding here only spares a round trip and says why.
 */
import type { ChatState } from '../../realtime/roomState';
import type { ConnectionStatus, JoinStatus } from '../../realtime/realtimeApi';

/** Why the composer is disabled, most fundamental first. */
export type ComposerBlock = 'offline' | 'joining' | 'refused' | 'closed' | 'muted' | 'staffOnly';

export interface ComposerAvailability {
  /** null when the viewer may send. */
  readonly block: ComposerBlock | null;
  /** Messages wait for approval (sending is allowed, the server answers 4403). */
  readonly review: boolean;
  /** Whether the image button works; false also while blocked. */
  readonly pictures: boolean;
}

export interface AvailabilityInput {
  readonly connection: Pick<ConnectionStatus, 'state'>;
  readonly joined: JoinStatus | null;
  readonly chat: ChatState;
  readonly myUid: string | null;
  readonly staff: boolean;
}

function blockOf({ connection, joined, chat, myUid, staff }: AvailabilityInput): ComposerBlock | null {
  if (connection.state !== 'online') return 'offline';
  if (joined === null || joined.state === 'joining') return 'joining';
  if (joined.state === 'refused') return 'refused';
  if (staff) return null;
  if (!chat.open) return 'closed';
  if (myUid !== null && chat.muted.includes(myUid)) return 'muted';
  if (chat.staffOnly) return 'staffOnly';
  return null;
}

export function composerAvailability(input: AvailabilityInput): ComposerAvailability {
  const block = blockOf(input);
  return {
    block,
    review: !input.staff && input.chat.review,
    pictures: block === null && (input.staff || input.chat.pictures),
  };
}
