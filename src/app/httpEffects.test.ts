import { describe, expect, it, vi } from 'vitest';
import { createHttpEffects } from './httpEffects';
import { ApiError } from '../api/errors';

function setup() {
  const calls: string[] = [];
  const deps = {
    navigate: vi.fn((to: string) => void calls.push(`navigate ${to}`)),
    clearSession: vi.fn(() => void calls.push('clearSession')),
    pushNotice: vi.fn((n: { key: string }) => void calls.push(`notice ${n.key}`)),
    reportCall: vi.fn((error: Error, code: number | null) => void calls.push(`report ${error.message} ${code}`)),
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

  it('reports a failed call by its path, kind and code, never its filled-in values', () => {
    const { effects, calls } = setup();
    effects.callFailed?.(new ApiError({ kind: 'business', code: 4501, messageKey: 'code.4501' }), '/ccp/x/{id}');
    effects.callFailed?.(new ApiError({ kind: 'http', status: 503, messageKey: 'http.503' }), '/ccp/y');
    effects.callFailed?.(new ApiError({ kind: 'network', messageKey: 'error.network' }), '/ccp/z');
    expect(calls).toEqual(['report /ccp/x/{id} business 4501 4501', 'report /ccp/y http 503 503', 'report /ccp/z network null']);
  });

  it('on session expiry clears the session, shows code.402, then returns to the root', () => {
    const { effects, deps, calls } = setup();
    effects.sessionExpired();
    expect(calls).toEqual(['clearSession', 'notice code.402', 'navigate /']);
    expect(deps.pushNotice).toHaveBeenCalledWith({ key: 'code.402', tone: 'warning' });
  });
});
