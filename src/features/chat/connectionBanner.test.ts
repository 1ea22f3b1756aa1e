import { describe, expect, it } from 'vitest';
import { bannerIsAlert, bannerKind } from './connectionBanner';

describe('bannerKind', () => {
  it('shows nothing while the connection is normal', () => {
    for (const state of ['idle', 'connecting', 'loggingIn', 'online', 'closed'] as const) expect(bannerKind({ state })).toBeNull();
  });

  it('names the four states the viewer must know about', () => {
    for (const state of ['reconnecting', 'endedElsewhere', 'failed', 'loginRejected'] as const) expect(bannerKind({ state })).toBe(state);
  });

  it('reconnecting is a status, the others alerts', () => {
    expect(bannerIsAlert('reconnecting')).toBe(false);
    expect(bannerIsAlert('failed')).toBe(true);
    expect(bannerIsAlert('endedElsewhere')).toBe(true);
    expect(bannerIsAlert('loginRejected')).toBe(true);
  });
});
