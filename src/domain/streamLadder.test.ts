import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { QUALITY_LEVELS, type QualityLevel } from './constants';
import {
  INITIAL_LADDER,
  STALL_WINDOW_MS,
  STEP_UP_AFTER_MS,
  STEP_UP_MAX_MS,
  cappedQuality,
  higherQuality,
  ladderReducer,
  lowerQuality,
  type LadderEvent,
  type LadderOffer,
  type LadderState,
} from './streamLadder';

const offer = (over: Partial<LadderOffer> = {}): LadderOffer => ({
  qualities: ['original', 'hd', 'sd'],
  lines: ['line1', 'line2'],
  lineId: 'line1',
  type: 'flv',
  quality: 'original',
  hlsPlays: true,
  ...over,
});

/** Plays the events in turn, each with the offer the state's own choices give (as the player would). */
function run(events: readonly ((o: LadderOffer) => LadderEvent)[], wanted: QualityLevel = 'original', base: Partial<LadderOffer> = {}): LadderState {
  let state = INITIAL_LADDER;
  for (const make of events) {
    const o = offer({ ...base, quality: cappedQuality(wanted, state), lineId: state.lineId ?? base.lineId ?? 'line1', type: state.hls ? 'hls' : (base.type ?? 'flv') });
    state = ladderReducer(state, make(o));
  }
  return state;
}

const stall = (at: number) => (o: LadderOffer): LadderEvent => ({ type: 'STALL', at, offer: o });
const failed = (at: number) => (o: LadderOffer): LadderEvent => ({ type: 'FAILED', at, offer: o });
const playing = (at: number) => (): LadderEvent => ({ type: 'PLAYING', at });

describe('the stream ladder', () => {
  it('one stall is waited out; a second within a minute steps the quality down one level', () => {
    const once = run([playing(0), stall(1_000)]);
    expect(once.qualityCap).toBeNull();
    expect(once.change).toBeNull();
    const twice = run([playing(0), stall(1_000), playing(2_000), stall(30_000)]);
    expect(twice.qualityCap).toBe('hd');
    expect(twice.change).toEqual({ kind: 'quality', quality: 'hd', at: 30_000 });
    expect(twice.stalls).toEqual([]);
  });

  it('stalls more than a minute apart never step down', () => {
    const state = run([playing(0), stall(1_000), playing(2_000), stall(1_000 + STALL_WINDOW_MS), playing(70_000), stall(2_000 + 2 * STALL_WINDOW_MS)]);
    expect(state.qualityCap).toBeNull();
  });

  it('the rungs in order: qualities, then the next line, then HLS, then the weak-network modes', () => {
    const pairs = (start: number) => [stall(start), stall(start + 1_000)];
    const changes: string[] = [];
    let state = INITIAL_LADDER;
    for (let i = 0; i < 6; i++) {
      for (const make of pairs(i * 10_000)) {
        const o = offer({ quality: cappedQuality('original', state), lineId: state.lineId ?? 'line1', type: state.hls ? 'hls' : 'flv' });
        state = ladderReducer(state, make(o));
      }
      if (state.change) changes.push(state.change.kind === 'quality' ? `quality:${state.change.quality}` : state.change.kind === 'line' ? `line:${state.change.lineId}` : state.change.kind);
    }
    expect(changes).toEqual(['quality:hd', 'quality:sd', 'line:line2', 'hls', 'modes', 'modes']);
    expect(state.offerModes).toBe(true);
  });

  it('a failure skips the quality rungs: next line, then HLS, then exhausted', () => {
    const state1 = run([failed(1)]);
    expect(state1.change).toEqual({ kind: 'line', lineId: 'line2', at: 1 });
    expect(state1.leftLines).toEqual(['line1']);
    const state2 = run([failed(1), failed(2)]);
    expect(state2.change?.kind).toBe('hls');
    const state3 = run([failed(1), failed(2), failed(3)]);
    expect(state3.exhausted).toBe(true);
    expect(state3.change?.kind).toBe('exhausted');
    // Playing again (the viewer's retry worked) clears the verdict.
    expect(ladderReducer(state3, { type: 'PLAYING', at: 4 }).exhausted).toBe(false);
  });

  it('without MSE for HLS, or already on HLS, there is no HLS rung', () => {
    expect(run([failed(1), failed(2)], 'original', { hlsPlays: false }).exhausted).toBe(true);
    expect(run([failed(1), failed(2)], 'original', { type: 'hls' }).exhausted).toBe(true);
  });

  it('steps back up one level after a quiet spell, and waits twice as long when that stalls at once', () => {
    let state = run([playing(0), stall(1_000), stall(2_000), stall(3_000), stall(4_000)]);
    expect(state.qualityCap).toBe('sd');
    const o = (s: LadderState) => offer({ quality: cappedQuality('original', s) });
    state = ladderReducer(state, { type: 'PLAYING', at: 5_000 });
    state = ladderReducer(state, { type: 'TICK', at: 5_000 + STEP_UP_AFTER_MS - 1, offer: o(state), wanted: 'original' });
    expect(state.qualityCap).toBe('sd');
    state = ladderReducer(state, { type: 'TICK', at: 5_000 + STEP_UP_AFTER_MS, offer: o(state), wanted: 'original' });
    expect(state.qualityCap).toBe('hd');
    expect(state.change?.kind).toBe('qualityUp');
    // The step up stalls within the probation: straight back down, and the next wait doubles.
    state = ladderReducer(state, { type: 'STALL', at: 5_000 + STEP_UP_AFTER_MS + 10_000, offer: o(state) });
    expect(state.qualityCap).toBe('sd');
    expect(state.stepUpAfterMs).toBe(2 * STEP_UP_AFTER_MS);
  });

  it('stepping up ends at the viewer own quality and drops the cap', () => {
    let state = run([playing(0), stall(1_000), stall(2_000)]);
    expect(state.qualityCap).toBe('hd');
    state = ladderReducer(state, { type: 'PLAYING', at: 3_000 });
    state = ladderReducer(state, { type: 'TICK', at: 3_000 + STEP_UP_AFTER_MS, offer: offer({ quality: 'hd' }), wanted: 'original' });
    expect(state.qualityCap).toBeNull();
    expect(state.change).toEqual({ kind: 'qualityUp', quality: 'original', at: 3_000 + STEP_UP_AFTER_MS });
  });

  it('the viewer choosing by hand resets the ladder', () => {
    const state = run([playing(0), stall(1_000), stall(2_000)]);
    expect(ladderReducer(state, { type: 'CHOSEN' })).toBe(INITIAL_LADDER);
    expect(ladderReducer(INITIAL_LADDER, { type: 'CHOSEN' })).toBe(INITIAL_LADDER);
  });

  it('lower and higher qualities follow the levels order, within what the line offers', () => {
    expect(lowerQuality(['sd', 'original'], 'original')).toBe('sd');
    expect(lowerQuality(['sd', 'original'], 'sd')).toBeNull();
    expect(lowerQuality(['sd'], null)).toBeNull();
    expect(higherQuality(['sd', 'hd', 'original'], 'sd', 'hd')).toBe('hd');
    expect(higherQuality(['sd', 'hd', 'original'], 'hd', 'hd')).toBeNull();
    expect(cappedQuality('hd', { ...INITIAL_LADDER, qualityCap: 'original' })).toBe('hd');
    expect(cappedQuality('original', { ...INITIAL_LADDER, qualityCap: 'sd' })).toBe('sd');
  });

  it('whatever happens, the quality asked for is never above the viewer own, the wait stays bounded, and a line left is never the one chosen', () => {
    const quality = fc.constantFrom(...QUALITY_LEVELS);
    const event = fc.oneof(
      fc.record({ type: fc.constant('STALL' as const), dt: fc.integer({ min: 0, max: 90_000 }) }),
      fc.record({ type: fc.constant('FAILED' as const), dt: fc.integer({ min: 0, max: 90_000 }) }),
      fc.record({ type: fc.constant('PLAYING' as const), dt: fc.integer({ min: 0, max: 90_000 }) }),
      fc.record({ type: fc.constant('TICK' as const), dt: fc.integer({ min: 0, max: 600_000 }) }),
      fc.record({ type: fc.constant('CHOSEN' as const), dt: fc.constant(0) }),
    );
    fc.assert(
      fc.property(quality, fc.subarray([...QUALITY_LEVELS], { minLength: 1 }), fc.array(event, { maxLength: 60 }), (wanted, qualities, events) => {
        let state = INITIAL_LADDER;
        let at = 0;
        for (const e of events) {
          at += e.dt;
          const o = offer({ qualities, quality: qualities.includes(cappedQuality(wanted, state)) ? cappedQuality(wanted, state) : (qualities[0] ?? null), lineId: state.lineId ?? 'line1', type: state.hls ? 'hls' : 'flv' });
          state =
            e.type === 'STALL' || e.type === 'FAILED'
              ? ladderReducer(state, { type: e.type, at, offer: o })
              : e.type === 'TICK'
                ? ladderReducer(state, { type: 'TICK', at, offer: o, wanted })
                : e.type === 'PLAYING'
                  ? ladderReducer(state, { type: 'PLAYING', at })
                  : ladderReducer(state, { type: 'CHOSEN' });
          expect(QUALITY_LEVELS.indexOf(cappedQuality(wanted, state))).toBeGreaterThanOrEqual(QUALITY_LEVELS.indexOf(wanted));
          expect(state.stepUpAfterMs).toBeLessThanOrEqual(STEP_UP_MAX_MS);
          if (state.lineId !== null) expect(state.leftLines).not.toContain(state.lineId);
        }
      }),
    );
  });
});
