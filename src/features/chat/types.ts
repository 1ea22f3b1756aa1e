/**
 * What the chat feature needs from the realtime connection, injected as props rather than
 * imported: the panel stays testable without a worker, and the app decides which
 * connection module backs it. The signatures are those of src/state/realtimeConnection.ts,
 * so the app can pass that module's functions as they are.
 */
import type { ChatFilter } from '../../realtime/filters';
import type { ChatSendInput, RealtimeOutcome } from '../../realtime/realtimeApi';
import type { SkippedPage, SkippedRange } from '../../realtime/skippedPage';

export interface ChatActions {
  setChatFilter(roomId: string, filter: ChatFilter): void;
  sendChat(roomId: string, input: ChatSendInput): Promise<RealtimeOutcome<{ msgId: string }>>;
  withdrawChat(roomId: string, msgId: string): Promise<RealtimeOutcome<null>>;
  loadSkipped(roomId: string, range: SkippedRange): Promise<RealtimeOutcome<SkippedPage>>;
}

/** A user mentioned in the draft: the uid goes to picked_uid, the name is shown as a chip. */
export interface Mention {
  readonly uid: string;
  readonly name: string;
}

/** What the host side does to a message or its sender from the chat list (the console). */
export type ModerationAction = 'withdraw' | 'mute' | 'unmute' | 'kick' | 'inviteToMic' | 'notice';

/**
 * The host side's chat control, handed in by the app where staff use the chat (the console):
 * rows then offer withdraw (any message), mute or unmute, a notice to the sender alone, kick
 * and an invitation to the mic.
 */
export interface ChatModeration {
  /** `text`: what a notice says to the viewer (the other actions take none). */
  moderate(roomId: string, target: { readonly msgId: string; readonly uid: string }, action: ModerationAction, text?: string): Promise<RealtimeOutcome<unknown>>;
}
