import { describe, expect, it, vi } from 'vitest';
import { createHttpEffects } from './httpEffects';

function setup() {
  const calls: string[] = [];
  const deps = {
    navigate: vi.fn((to: string) => void calls.push(`navigate ${to}`)),
    clearSession: vi.fn(() => void calls.push('clearSession')),
    pushNotice: vi.fn((n: { key: string }) => void calls.push(`notice ${n.key}`)),
  };
  return { effects: createHttpEffects(deps), deps, calls };
}

describe('createHttpEffects', () => {
  it('sends a transport failure to /error/{status}', () => {
    const { effects, calls } = setup();
    effects.transportFailure(503);
    effects.transportFailure(418);
    expect(calls).toEqual(['navigate /error/503', 'navigate /error/418']);
  });

  it('ignores a status no response can have', () => {
    const { effects, deps } = setup();
    for (const status of [0, -1, 99, 600, 5.5, Number.NaN]) effects.transportFailure(status);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('on session expiry clears the session, shows code.402, then returns to the root', () => {
    const { effects, deps, calls } = setup();
    effects.sessionExpired();
    expect(calls).toEqual(['clearSession', 'notice code.402', 'navigate /']);
    expect(deps.pushNotice).toHaveBeenCalledWith({ key: 'code.402', tone: 'warning' });
  });
});
