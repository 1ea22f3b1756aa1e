import { describe, expect, it } from 'vitest';
import type { SplashAdvert, SplashConfig } from './splashData';
import { INITIAL_SPLASH_STATE, secondsLeft, splashReducer, type SplashEvent, type SplashState } from './splashMachine';

const advert: SplashAdvert = { id: 'ad-1', title: 'Launch', imageUrl: 'https://cdn.example/ad.png', linkUrl: 'https://example.com/' };
const config: SplashConfig = { enabled: true, seconds: 5, skippable: true };
const run = (...events: SplashEvent[]): SplashState => events.reduce(splashReducer, INITIAL_SPLASH_STATE);
const loaded = (over: Partial<SplashConfig> = {}, adverts: readonly SplashAdvert[] = [advert]): SplashEvent => ({
  type: 'LOADED',
  config: { ...config, ...over },
  adverts,
  now: 1000,
});

describe('splash machine', () => {
  it('shows the first advert for the configured time', () => {
    expect(run(loaded())).toEqual({ phase: 'showing', advert, skippable: true, endsAt: 6000, remainingMs: 5000 });
    expect(run(loaded({}, [advert, { ...advert, id: 'ad-2' }]))).toMatchObject({ advert: { id: 'ad-1' } });
  });

  it('closes at once when there is nothing to show', () => {
    expect(run(loaded({ enabled: false }))).toEqual({ phase: 'closed', reason: 'none' });
    expect(run(loaded({}, []))).toEqual({ phase: 'closed', reason: 'none' });
    expect(run({ type: 'LOADED', config: null, adverts: [advert], now: 0 })).toEqual({ phase: 'closed', reason: 'none' });
    expect(run({ type: 'FAILED' })).toEqual({ phase: 'closed', reason: 'failed' });
    expect(run({ type: 'SEEN' })).toEqual({ phase: 'closed', reason: 'seen' });
  });

  it('counts down with the clock of the events and closes when the time is up', () => {
    const showing = run(loaded());
    const later = splashReducer(showing, { type: 'TICK', now: 2500 });
    expect(later).toMatchObject({ phase: 'showing', remainingMs: 3500 });
    expect(secondsLeft(3500)).toBe(4);
    // Same remaining time: the same state object (no re-render).
    expect(splashReducer(later, { type: 'TICK', now: 2500 })).toBe(later);
    expect(splashReducer(later, { type: 'TICK', now: 6000 })).toEqual({ phase: 'closed', reason: 'expired' });
    // A clock that jumped far past the end.
    expect(splashReducer(showing, { type: 'TICK', now: 1e12 })).toEqual({ phase: 'closed', reason: 'expired' });
  });

  it('skip closes a skippable advert only; a click closes it', () => {
    expect(run(loaded(), { type: 'SKIP' })).toEqual({ phase: 'closed', reason: 'skipped' });
    const fixed = run(loaded({ skippable: false }));
    expect(splashReducer(fixed, { type: 'SKIP' })).toBe(fixed);
    expect(run(loaded({ skippable: false }), { type: 'CLICK' })).toEqual({ phase: 'closed', reason: 'clicked' });
  });

  it('ignores events a state does not list', () => {
    expect(run({ type: 'TICK', now: 5 })).toBe(INITIAL_SPLASH_STATE);
    expect(run({ type: 'SKIP' }, { type: 'CLICK' })).toBe(INITIAL_SPLASH_STATE);
    const skipped = run(loaded(), { type: 'SKIP' });
    for (const event of [loaded(), { type: 'TICK', now: 2000 }, { type: 'SKIP' }, { type: 'CLICK' }, { type: 'FAILED' }] as const) {
      expect(splashReducer(skipped, event)).toBe(skipped);
    }
    expect(splashReducer(run(loaded()), loaded())).toMatchObject({ phase: 'showing' });
  });
});
