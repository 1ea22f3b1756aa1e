import { describe, it, expect } from 'vitest';
import * as domain from './index';

describe('domain index', () => {
  it('exposes every rule, plus the result helpers and constants', () => {
    const expected = [
      'ok', 'fail', 'problem', 'NICKNAME_MAX', 'MAX_AMOUNT_YUAN', 'CODE_COOLDOWN_SECONDS',
      'validateNickname', 'nicknameGate', 'Yuan', 'parseAmount', 'validateRewardAmount',
      'validateRedPacketAmount', 'formatYuan', 'addYuan', 'sumYuan', 'multiplyYuan',
      'validateQuestionText', 'validateImageFile', 'validateImageContent', 'sniffImageType',
      'cutChatText', 'chatTextLength', 'tokenizeChat', 'validateChatText', 'keepLatest', 'RingBuffer',
      'validateRequired', 'validateEmail', 'validatePhone', 'validateSmsCode', 'validateEmailCode',
      'PAPER_ITEM_TYPE', 'hasAnswer', 'validatePaper', 'validateLotteryPassword', 'validateKeyword',
      'isColour', 'themeColourOrDefault', 'validateColour', 'createClickGuard', 'createCooldown',
      'ROLE', 'DEFAULT_ROLE', 'isHost', 'isStaff', 'roleLabelKey', 'privacyGate',
    ];
    for (const name of expected) expect(domain, name).toHaveProperty(name);
  });
});
