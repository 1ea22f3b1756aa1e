/**
 * A chat message about to be sent. SPEC 5 cuts long chat text for display (chatCut.ts);
 * sending only needs something to send.
 */
import { fail, ok, problem, type Result } from './result';
import { isBlank } from './text';

/**
 * Refuses an empty or whitespace-only message. The text is returned unchanged (spaces and
 * line breaks inside or around a message are the sender's), and not cut: the cut is a
 * display rule, applied by every viewer to what they receive.
 */
export function validateChatText(input: string): Result<string> {
  return isBlank(input) ? fail(problem('validation.chat.empty')) : ok(input);
}
