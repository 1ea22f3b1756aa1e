import { afterEach, describe, expect, it } from 'vitest';
import { initialSession, session } from '../../state/session';
import { knownName, nicknameIsSet, nicknameStore, rememberName, requireNickname, settleNicknamePrompt } from './nicknameStore';

afterEach(() => {
  Object.assign(session, initialSession());
  nicknameStore.byUser = {};
  settleNicknamePrompt(false);
});

describe('requireNickname', () => {
  it('is false without a login', async () => {
    expect(await requireNickname()).toBe(false);
  });

  it('passes at once when the nickname was set', async () => {
    Object.assign(session, { liveToken: 't', userId: 'u1' });
    rememberName('u1', '小明', true);
    expect(nicknameIsSet()).toBe(true);
    expect(session.curUser).toMatchObject({ userId: 'u1', name: '小明' });
    expect(await requireNickname()).toBe(true);
    expect(nicknameStore.prompt).toBeNull();
  });

  it('opens the prompt for a server-given nickname and settles with its outcome', async () => {
    Object.assign(session, { liveToken: 't', userId: 'u2' });
    rememberName('u2', '游客123456', false);
    expect(nicknameIsSet()).toBe(false);
    const waiting = requireNickname();
    expect(nicknameStore.prompt).not.toBeNull();
    settleNicknamePrompt(true);
    expect(await waiting).toBe(true);
    expect(nicknameStore.prompt).toBeNull();
  });

  it('a second call settles the first with false', async () => {
    Object.assign(session, { liveToken: 't', userId: 'u3' });
    const first = requireNickname();
    const second = requireNickname();
    expect(await first).toBe(false);
    settleNicknamePrompt(false);
    expect(await second).toBe(false);
    expect(knownName('u3')).toBeNull();
  });
});
