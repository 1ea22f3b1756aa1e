/**
 * Public API of the domain rules (SPEC 5 validation, SPEC 6 roles, SPEC 9 constants).
 * Every rule is pure: no DOM, no Node, no clock or randomness of its own. Failures are
 * Problems carrying an i18n key and its parameters, never user-facing text.
 * (errorCatalogue.ts and randomId.ts live here too and are imported directly.)
 */
export * from './result';
export * from './constants';

export { codePointLength, isBlank } from './text';
export { validateNickname, nicknameGate, type NicknameOwner } from './nickname';
export {
  Yuan,
  parseAmount,
  validateRewardAmount,
  validateRedPacketAmount,
  formatYuan,
  addYuan,
  sumYuan,
  multiplyYuan,
  type YuanAmount,
  type YuanInput,
} from './money';
export { validateQuestionText } from './question';
export {
  validateImageFile,
  validateImageContent,
  claimedImageFormat,
  sniffImageType,
  IMAGE_SNIFF_BYTES,
  type ImageFormat,
  type ImageFileInfo,
} from './image';
export {
  cutChatText,
  fitsChatCut,
  chatTextLength,
  tokenizeChat,
  CHAT_CUT_ELLIPSIS,
  type ChatCut,
  type ChatSegment,
} from './chatCut';
export { validateChatText } from './chatInput';
export { EMOJI_CATALOGUE, emojiByName, emojiImagePath, emojiToken, type EmojiDef } from './emoji';
export { keepLatest, RingBuffer } from './chatList';
export { validateRequired, validateEmail, validatePhone, validateSmsCode, validateEmailCode } from './contact';
export {
  PAPER_ITEM_TYPE,
  hasAnswer,
  chosenOptionNumbers,
  isTextLikeItem,
  isMultipleItem,
  validatePaper,
  type PaperItem,
  type PaperItemId,
  type PaperOption,
  type PaperProblem,
} from './paper';
export { validateLotteryPassword, validateKeyword } from './limits';
export { isColour, themeColourOrDefault, validateColour } from './colour';
export { createClickGuard, createCooldown, type Clock, type ClickGuard, type Cooldown } from './doubleClick';
export {
  ROLE,
  DEFAULT_ROLE,
  isHost,
  isAssistant,
  isStaff,
  normaliseRole,
  roleLabelKey,
  type RoleCode,
  type RoleLabelKey,
} from './roles';
export { privacyGate } from './privacy';
