/**
 * The entry feature: the guide page's entry panel (every login path of SPEC 1 and 6) and
 * the nickname setting of SPEC 5.
 *
 * Nickname before connect-mic or a lottery: features cannot import each other, so the app
 * hands `requireNickname` to them (as it hands the chat its actions in app/liveSlots.tsx)
 * and renders `<NicknamePrompt/>` once on the video page:
 *
 *     if (!(await requireNickname())) return; // the viewer closed the prompt
 *     await api.live.micApply(...);
 *
 * It resolves true at once when the viewer already set a nickname, otherwise opens the
 * prompt (NicknamePanel in a dialog) and resolves when it is saved or closed.
 */
export { EntryPanel, type EntryPanelProps } from './EntryPanel';
// The nickname form and prompt are the video page's, in a chunk of their own: ./nickname.ts.
export type { NicknamePanelProps } from './NicknamePanel';
export { nicknameIsSet, requireNickname } from './nicknameStore';
