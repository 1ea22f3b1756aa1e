/**
 * The entry feature's nickname form and prompt (SPEC 5), for the video page: a public entry
 * of its own so the app loads them lazily and the guide page's script does not carry them.
 */
export { NicknamePanel, NicknamePrompt } from './NicknamePanel';
