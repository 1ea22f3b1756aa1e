import { describe, expect, it } from 'vitest';
import { guestLoginInput, privacyMode, readEntryRules, signedInAs, type EntryRules } from './guestEntry';

const open: EntryRules = { guestAllowed: true, privacyRequired: false, privacy: { title: 'Privacy agreement', content: 'text' } };

describe('readEntryRules', () => {
  it('reads the entry part of the room info', () => {
    const info = {
      id: '10001',
      entry: { gate: 'open', types: ['guest'], fields: ['name'], privacyRequired: false, privacy: { title: 'Privacy agreement', content: 'text' } },
    };
    expect(readEntryRules(info)).toEqual(open);
  });

  it('sees a room without guest logins and a required agreement', () => {
    const info = { entry: { types: ['phone'], privacyRequired: true } };
    expect(readEntryRules(info)).toEqual({ guestAllowed: false, privacyRequired: true, privacy: null });
  });

  it.each([null, 'x', [], {}, { entry: null }, { entry: { types: 'guest', privacyRequired: false } }, { entry: { types: ['guest'] } }])(
    'gives null for %j',
    (info) => expect(readEntryRules(info)).toBeNull(),
  );
});

describe('privacyMode', () => {
  it('requires, hides, or offers the checkbox when the room is unknown', () => {
    expect(privacyMode({ ...open, privacyRequired: true })).toBe('required');
    expect(privacyMode(open)).toBe('hidden');
    expect(privacyMode(null)).toBe('optional');
  });
});

describe('guestLoginInput', () => {
  it('sends the bare PROTOCOL 1.3 body without a nickname', () => {
    expect(guestLoginInput('10001', { nickname: '', privacyTicked: false }, 'hidden')).toEqual({
      ok: true,
      value: { webcastId: '10001', type: 'guest' },
    });
  });

  it('sends a valid nickname trimmed', () => {
    const input = guestLoginInput('10001', { nickname: '  张三_Li3 ', privacyTicked: false }, 'hidden');
    expect(input).toEqual({ ok: true, value: { webcastId: '10001', type: 'guest', name: '张三_Li3' } });
  });

  it.each([
    ['   ', 'validation.nickname.blank'],
    ['a'.repeat(21), 'validation.nickname.tooLong'],
    ['bad name', 'validation.nickname.invalidChars'],
    ['a<b>', 'validation.nickname.invalidChars'],
  ])('refuses the nickname %j with %s', (nickname, key) => {
    const input = guestLoginInput('10001', { nickname, privacyTicked: true }, 'hidden');
    expect(input.ok).toBe(false);
    if (!input.ok) {
      expect(input.error.nickname?.key).toBe(key);
      expect(input.error.privacy).toBeUndefined();
    }
  });

  it('accepts 20 characters', () => {
    expect(guestLoginInput('1', { nickname: '汉'.repeat(20), privacyTicked: false }, 'hidden').ok).toBe(true);
  });

  it('needs the agreement ticked where the room requires it, and sends the consent', () => {
    const refused = guestLoginInput('1', { nickname: 'bad name', privacyTicked: false }, 'required');
    expect(refused).toEqual({
      ok: false,
      error: { nickname: { key: 'validation.nickname.invalidChars' }, privacy: { key: 'validation.privacy.required' } },
    });
    expect(guestLoginInput('1', { nickname: '', privacyTicked: true }, 'required')).toEqual({
      ok: true,
      value: { webcastId: '1', type: 'guest', privacyAccepted: true },
    });
  });

  it('sends the consent only when ticked where the rules are unknown, never when hidden', () => {
    expect(guestLoginInput('1', { nickname: '', privacyTicked: false }, 'optional')).toEqual({ ok: true, value: { webcastId: '1', type: 'guest' } });
    expect(guestLoginInput('1', { nickname: '', privacyTicked: true }, 'optional')).toEqual({
      ok: true,
      value: { webcastId: '1', type: 'guest', privacyAccepted: true },
    });
    expect(guestLoginInput('1', { nickname: '', privacyTicked: true }, 'hidden')).toEqual({ ok: true, value: { webcastId: '1', type: 'guest' } });
  });
});

describe('signedInAs', () => {
  const base = { currentRoomId: '10001', liveToken: 'tok', userId: 'u123', curUser: null };

  it("names the viewer signed in to this room: the name, else the user id", () => {
    expect(signedInAs(base, '10001')).toBe('u123');
    expect(signedInAs({ ...base, curUser: { name: 'Ann' } }, '10001')).toBe('Ann');
  });

  it('is null without a login or for another room', () => {
    expect(signedInAs({ ...base, liveToken: null }, '10001')).toBeNull();
    expect(signedInAs(base, '20002')).toBeNull();
    expect(signedInAs({ ...base, currentRoomId: null }, '10001')).toBeNull();
  });
});
