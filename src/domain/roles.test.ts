import { describe, it, expect } from 'vitest';
import { DEFAULT_ROLE, ROLE, isAssistant, isHost, isStaff, normaliseRole, roleLabelKey } from './roles';

describe('role codes', () => {
  it('match SPEC 6', () => {
    expect(ROLE).toEqual({ guest: 5, host: 6, hostAlt: 7, assistant: 8 });
    expect(DEFAULT_ROLE).toBe(5);
  });

  it('classify hosts, assistants and staff', () => {
    expect([4, 5, 6, 7, 8, 9].filter(isHost)).toEqual([6, 7]);
    expect([4, 5, 6, 7, 8, 9].filter(isAssistant)).toEqual([8]);
    expect([4, 5, 6, 7, 8, 9].filter(isStaff)).toEqual([6, 7, 8]);
  });

  it('normalise unknown codes to guest', () => {
    expect(normaliseRole(6)).toBe(6);
    expect(normaliseRole(8)).toBe(8);
    expect(normaliseRole(1)).toBe(5);
    expect(normaliseRole('6')).toBe(5);
    expect(normaliseRole(undefined)).toBe(5);
  });
});

describe('roleLabelKey', () => {
  it('labels by role', () => {
    expect(roleLabelKey({ role: 6, uid: 'h' }, 'me')).toBe('role.host');
    expect(roleLabelKey({ role: 7, uid: 'h' }, 'me')).toBe('role.host');
    expect(roleLabelKey({ role: 8, uid: 'a' }, 'me')).toBe('role.assistant');
    expect(roleLabelKey({ role: 5, uid: 'g' }, 'me')).toBe('role.guest');
  });

  it('labels own messages as me, whatever the role', () => {
    expect(roleLabelKey({ role: 5, uid: 'me' }, 'me')).toBe('role.me');
    expect(roleLabelKey({ role: 6, uid: 'me' }, 'me')).toBe('role.me');
    expect(roleLabelKey({ role: 8, uid: 'me' }, 'me')).toBe('role.me');
  });

  it('treats unknown role codes as guest', () => {
    expect(roleLabelKey({ role: 0, uid: 'x' }, null)).toBe('role.guest');
    expect(roleLabelKey({ role: 99, uid: 'x' }, 'me')).toBe('role.guest');
  });

  it('labels nothing as me without a user or with an empty uid', () => {
    expect(roleLabelKey({ role: 5, uid: 'me' }, null)).toBe('role.guest');
    expect(roleLabelKey({ role: 5, uid: '' }, '')).toBe('role.guest');
  });
});
