/** What the groups tab does through the realtime worker (state/realtimeConnection.ts conversationActions). */
import type { ConversationSendInput } from '../../realtime/conversationBook';
import type { ConversationsState } from '../../realtime/conversations';
import type { FrameBody } from '../../protocol/frame';
import type { RealtimeOutcome } from '../../realtime/realtimeApi';

export interface GroupsActions {
  listConversations(roomId: string): Promise<RealtimeOutcome<ConversationsState>>;
  sendConversationMessage(roomId: string, input: ConversationSendInput): Promise<RealtimeOutcome<{ readonly mid: string; readonly seq: number | null }>>;
  markConversationRead(roomId: string, key: string): Promise<RealtimeOutcome<null>>;
  groupRequest(roomId: string, code: number, body: FrameBody): Promise<RealtimeOutcome<FrameBody>>;
}
