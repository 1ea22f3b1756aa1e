import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../realtime/fakePorts';
import {
  INITIAL_PLAYER_STATE,
  MAX_RETRIES,
  MAX_REFUSED_RETRIES,
  PLAYER_PHASES,
  PLAYER_TRANSITIONS,
  movesOn,
  nativeErrorKind,
  playerReducer,
  retryDelayMs,
  scheduleMachineTimer,
  STALL_TIMEOUT_MS,
  LIVE_STALL_RETRY_MS,
  OFFLINE_RETRY_MS,
  type PlayerEvent,
  type PlayerMachineState,
  type PlaySource,
} from './playerMachine';

const HLS: PlaySource = { engine: 'hlsjs', type: 'hls', url: '/media/line1/live/hd.m3u8', live: true, delay: 'lowDelay', lineId: 'line1', quality: 'hd', audio: false };
const FLV: PlaySource = { ...HLS, engine: 'mpegts', type: 'flv', url: '/media/line1/live/hd.flv' };

const run = (events: readonly PlayerEvent[], from: PlayerMachineState = INITIAL_PLAYER_STATE) => events.reduce(playerReducer, from);

describe('player machine', () => {
  it('has a row for every phase and only targets known phases', () => {
    expect(Object.keys(PLAYER_TRANSITIONS).sort()).toEqual([...PLAYER_PHASES].sort());
    for (const row of Object.values(PLAYER_TRANSITIONS)) for (const target of Object.values(row)) expect(PLAYER_PHASES).toContain(target);
  });

  it('loads, plays, stalls and plays again', () => {
    const loading = run([{ type: 'LOAD', source: HLS }]);
    expect(loading).toMatchObject({ phase: 'loading', loadId: 1, source: HLS });
    const playing = playerReducer(loading, { type: 'PLAYING' });
    expect(playing.phase).toBe('playing');
    expect(playerReducer(playing, { type: 'PLAYING' })).toBe(playing);
    const stalled = playerReducer(playing, { type: 'STALLED', seeking: false });
    expect(stalled.phase).toBe('stalled');
    expect(playerReducer(stalled, { type: 'PLAYING' }).phase).toBe('playing');
  });

  it('a refusal (an HTTP error) is retried once, then the viewer (or the ladder) is asked', () => {
    let state = run([{ type: 'LOAD', source: HLS }, { type: 'ERROR', kind: 'network' }]);
    expect(state).toMatchObject({ phase: 'retrying', attempt: MAX_REFUSED_RETRIES, error: 'network' });
    state = playerReducer(playerReducer(state, { type: 'RETRY_DUE' }), { type: 'ERROR', kind: 'network' });
    expect(state).toMatchObject({ phase: 'failed', error: 'network' });
  });

  it('retries media errors with back-off and asks the viewer after MAX_RETRIES', () => {
    let state = run([{ type: 'LOAD', source: HLS }]);
    for (let i = 1; i <= MAX_RETRIES; i++) {
      state = playerReducer(state, { type: 'ERROR', kind: 'media' });
      expect(state).toMatchObject({ phase: 'retrying', attempt: i, error: 'media' });
      const before = state.loadId;
      state = playerReducer(state, { type: 'RETRY_DUE' });
      expect(state).toMatchObject({ phase: 'loading', loadId: before + 1, source: HLS });
    }
    state = playerReducer(state, { type: 'ERROR', kind: 'media' });
    expect(state).toMatchObject({ phase: 'failed', error: 'media' });
    expect(playerReducer(state, { type: 'RETRY_DUE' })).toBe(state);
    const retried = playerReducer(state, { type: 'USER_RETRY' });
    expect(retried).toMatchObject({ phase: 'loading', attempt: 0, error: null, loadId: state.loadId + 1 });
  });

  it('playing again resets the retry count', () => {
    const state = run([{ type: 'LOAD', source: HLS }, { type: 'ERROR', kind: 'network' }, { type: 'RETRY_DUE' }, { type: 'PLAYING' }]);
    expect(state).toMatchObject({ phase: 'playing', attempt: 0, error: null });
  });

  it('ignores a LOAD of the source already loaded, reloads for another one', () => {
    const playing = run([{ type: 'LOAD', source: HLS }, { type: 'PLAYING' }]);
    expect(playerReducer(playing, { type: 'LOAD', source: { ...HLS } })).toBe(playing);
    const switched = playerReducer(playing, { type: 'LOAD', source: FLV });
    expect(switched).toMatchObject({ phase: 'loading', loadId: playing.loadId + 1, source: FLV });
    const error: PlayerEvent = { type: 'ERROR', kind: 'network' };
    const failed = run([error, { type: 'RETRY_DUE' }, error, { type: 'RETRY_DUE' }, error, { type: 'RETRY_DUE' }, error], switched);
    expect(failed.phase).toBe('failed');
    expect(playerReducer(failed, { type: 'LOAD', source: FLV })).toBe(failed);
  });

  it('waits, ends and refuses unsupported sources from any phase, dropping the source', () => {
    const playing = run([{ type: 'LOAD', source: HLS }, { type: 'PLAYING' }]);
    expect(playerReducer(playing, { type: 'WAIT' })).toMatchObject({ phase: 'waiting', source: null });
    expect(playerReducer(playing, { type: 'ENDED' })).toMatchObject({ phase: 'ended', source: null });
    expect(playerReducer(INITIAL_PLAYER_STATE, { type: 'UNSUPPORTED' }).phase).toBe('unsupported');
    const waiting = playerReducer(INITIAL_PLAYER_STATE, { type: 'WAIT' });
    expect(playerReducer(waiting, { type: 'WAIT' })).toBe(waiting);
    expect(playerReducer(waiting, { type: 'USER_RETRY' })).toBe(waiting);
  });

  it('ignores engine events where they make no sense', () => {
    const waiting = playerReducer(INITIAL_PLAYER_STATE, { type: 'WAIT' });
    expect(playerReducer(waiting, { type: 'ERROR', kind: 'network' })).toBe(waiting);
    expect(playerReducer(waiting, { type: 'PLAYING' })).toBe(waiting);
    const ended = playerReducer(INITIAL_PLAYER_STATE, { type: 'ENDED' });
    expect(playerReducer(ended, { type: 'STALLED', seeking: false })).toBe(ended);
  });

  it('backs off 1, 2, 4 s up to 8 s', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  it('says which phases an event moves at all (the player dispatches timeupdate only to those)', () => {
    expect(movesOn('stalled', 'PLAYING')).toBe(true);
    expect(movesOn('loading', 'PLAYING')).toBe(true);
    expect(movesOn('playing', 'PLAYING')).toBe(false);
    expect(movesOn('failed', 'PLAYING')).toBe(false);
    // Skipping the dispatch loses nothing: where PLAYING does not move the machine, the reducer keeps the very same state.
    for (const phase of PLAYER_PHASES) {
      const state = { ...INITIAL_PLAYER_STATE, phase };
      if (!movesOn(phase, 'PLAYING')) expect(playerReducer(state, { type: 'PLAYING' }), phase).toBe(state);
      else expect(playerReducer(state, { type: 'PLAYING' }).phase, phase).toBe('playing');
    }
  });
});

describe("the machine's timers, on fake time", () => {
  /** Runs the machine with its timers on a fake clock, as the player's engine hook does. */
  function drive(from: PlayerMachineState, userPaused = false) {
    const clock = createFakeClock();
    let state = from;
    let cancel: (() => void) | undefined;
    const dispatch = (event: PlayerEvent) => {
      const next = playerReducer(state, event);
      if (next === state) return;
      state = next;
      cancel?.();
      cancel = scheduleMachineTimer(clock, state, userPaused, dispatch);
    };
    cancel = scheduleMachineTimer(clock, state, userPaused, dispatch);
    return { clock, dispatch, state: () => state };
  }
  const loading = run([{ type: 'LOAD', source: HLS }]);

  it('counts a load that never plays as a network error, and backs off before each retry', () => {
    const { clock, state } = drive(loading);
    clock.advance(STALL_TIMEOUT_MS - 1);
    expect(state().phase).toBe('loading');
    clock.advance(1);
    expect(state()).toMatchObject({ phase: 'retrying', attempt: 1, error: 'network' });
    clock.advance(retryDelayMs(1));
    expect(state()).toMatchObject({ phase: 'loading', loadId: loading.loadId + 1 });
    // Every later load stalls too: after its retries, the viewer is asked.
    for (let attempt = 2; attempt <= MAX_REFUSED_RETRIES; attempt += 1) clock.advance(STALL_TIMEOUT_MS + retryDelayMs(attempt));
    clock.advance(STALL_TIMEOUT_MS);
    expect(state().phase).toBe('failed');
    expect(clock.timerCount).toBe(0);
  });

  it('rests the watchdog while the viewer has paused, and stops it once playing', () => {
    const paused = drive(loading, true);
    paused.clock.advance(STALL_TIMEOUT_MS * 3);
    expect(paused.state().phase).toBe('loading');
    const playing = drive(loading);
    playing.clock.advance(STALL_TIMEOUT_MS - 1000);
    playing.dispatch({ type: 'PLAYING' });
    playing.clock.advance(STALL_TIMEOUT_MS * 3);
    expect(playing.state().phase).toBe('playing');
    expect(playing.clock.timerCount).toBe(0);
  });

  it('while the network is gone, retries every second and never asks the viewer; the first retry after it returns plays', () => {
    const playing = playerReducer(loading, { type: 'PLAYING' });
    const { clock, dispatch, state } = drive(playing);
    dispatch({ type: 'ERROR', kind: 'offline' });
    for (let i = 0; i < 20; i++) {
      expect(state()).toMatchObject({ phase: 'retrying', error: 'offline' });
      clock.advance(OFFLINE_RETRY_MS);
      expect(state().phase).toBe('loading');
      dispatch({ type: 'ERROR', kind: 'offline' });
    }
    expect(state().attempt).toBeLessThanOrEqual(MAX_RETRIES);
    clock.advance(OFFLINE_RETRY_MS);
    dispatch({ type: 'PLAYING' });
    expect(state()).toMatchObject({ phase: 'playing', attempt: 0, error: null });
  });

  it('a live that stalls is loaded afresh after a short wait; a replay waits as long as a load', () => {
    const live = drive(playerReducer(run([{ type: 'LOAD', source: { ...HLS, live: true } }]), { type: 'PLAYING' }));
    live.dispatch({ type: 'STALLED', seeking: false });
    live.clock.advance(LIVE_STALL_RETRY_MS);
    expect(live.state()).toMatchObject({ phase: 'retrying', error: 'offline' });
    const replay = drive(playerReducer(run([{ type: 'LOAD', source: { ...HLS, live: false } }]), { type: 'PLAYING' }));
    replay.dispatch({ type: 'STALLED', seeking: false });
    replay.clock.advance(LIVE_STALL_RETRY_MS);
    expect(replay.state().phase).toBe('stalled');
    replay.clock.advance(STALL_TIMEOUT_MS - LIVE_STALL_RETRY_MS);
    expect(replay.state()).toMatchObject({ phase: 'retrying', error: 'network' });
  });

  it('a live waiting for a moved playhead (a rewind) is not reloaded at its edge: it waits as long as a load', () => {
    const live = drive(playerReducer(run([{ type: 'LOAD', source: { ...HLS, live: true } }]), { type: 'PLAYING' }));
    live.dispatch({ type: 'STALLED', seeking: true });
    expect(live.state()).toMatchObject({ phase: 'stalled', seekStall: true });
    live.clock.advance(LIVE_STALL_RETRY_MS);
    expect(live.state().phase).toBe('stalled');
    live.dispatch({ type: 'PLAYING' });
    expect(live.state()).toMatchObject({ phase: 'playing', seekStall: false });
    // A stall of the network that the viewer answers with a rewind becomes the seek's wait.
    live.dispatch({ type: 'STALLED', seeking: false });
    live.clock.advance(LIVE_STALL_RETRY_MS - 1000);
    live.dispatch({ type: 'STALLED', seeking: true });
    live.clock.advance(LIVE_STALL_RETRY_MS);
    expect(live.state()).toMatchObject({ phase: 'stalled', seekStall: true });
    live.clock.advance(STALL_TIMEOUT_MS - LIVE_STALL_RETRY_MS);
    expect(live.state()).toMatchObject({ phase: 'retrying', error: 'network', seekStall: false });
  });

  it('the same stall again changes nothing (no render)', () => {
    const stalled = playerReducer(playerReducer(loading, { type: 'PLAYING' }), { type: 'STALLED', seeking: false });
    expect(playerReducer(stalled, { type: 'STALLED', seeking: false })).toBe(stalled);
  });
});

describe('the element\'s own HLS errors', () => {
  it('a network error is the network gone while offline, a refusal otherwise; anything else is the media', () => {
    expect(nativeErrorKind({ code: 2 }, false)).toBe('offline');
    expect(nativeErrorKind({ code: 2 }, true)).toBe('network');
    expect(nativeErrorKind({ code: 3 }, true)).toBe('media');
    expect(nativeErrorKind({ code: 4 }, false)).toBe('media');
    expect(nativeErrorKind(null, true)).toBe('media');
  });
});
