import { describe, expect, it } from 'vitest';
import { livePresences, nextYieldState, readPresence, shouldYield, TAB_PRESENCE_EXPIRE_MS, YIELD_TRANSITIONS, type TabPresence, type YieldEvent, type YieldState } from './playbackYield';

const tab = (tabId: string, visible: boolean, lastVisibleAt: number): TabPresence => ({ tabId, visible, lastVisibleAt });

describe('shouldYield', () => {
  it('a tab in view never yields; a tab alone never yields', () => {
    expect(shouldYield(tab('a', true, 5), [tab('b', true, 9)])).toBe(false);
    expect(shouldYield(tab('a', false, 5), [])).toBe(false);
    expect(shouldYield(tab('a', false, 5), [tab('a', true, 9)])).toBe(false);
  });

  it('a tab in the background yields to one in view, or to one seen later', () => {
    expect(shouldYield(tab('a', false, 50), [tab('b', true, 10)])).toBe(true);
    expect(shouldYield(tab('a', false, 50), [tab('b', false, 60)])).toBe(true);
    expect(shouldYield(tab('a', false, 50), [tab('b', false, 40)])).toBe(false);
  });

  it('of the tabs in the background with none in view, exactly one plays (ties by id)', () => {
    const tabs = [tab('c', false, 30), tab('a', false, 30), tab('b', false, 10)];
    const playing = tabs.filter((me) => !shouldYield(me, tabs));
    expect(playing.map((t) => t.tabId)).toEqual(['a']);
  });
});

describe('the yield machine', () => {
  it('plays, waits out the grace, yields, and plays again', () => {
    let state: YieldState = 'playing';
    const run = (event: YieldEvent) => (state = nextYieldState(state, event));
    expect(run('graceElapsed')).toBe('playing');
    expect(run('anotherShouldPlay')).toBe('grace');
    expect(run('thisShouldPlay')).toBe('playing');
    run('anotherShouldPlay');
    expect(run('graceElapsed')).toBe('yielded');
    expect(run('anotherShouldPlay')).toBe('yielded');
    expect(run('thisShouldPlay')).toBe('playing');
  });

  it('every transition leads to a known state', () => {
    for (const row of Object.values(YIELD_TRANSITIONS)) for (const next of Object.values(row)) expect(Object.keys(YIELD_TRANSITIONS)).toContain(next);
  });
});

describe('presences', () => {
  it('forgets a tab not heard of for a while', () => {
    const heard = new Map([
      ['a', { presence: tab('a', true, 1), at: 1000 }],
      ['b', { presence: tab('b', false, 1), at: 1000 + TAB_PRESENCE_EXPIRE_MS }],
    ]);
    expect(livePresences(heard, 1000 + TAB_PRESENCE_EXPIRE_MS + 1).map((p) => p.tabId)).toEqual(['b']);
  });

  it('reads well-formed messages only', () => {
    expect(readPresence({ kind: 'ask', tabId: 't1', visible: true, lastVisibleAt: 4 })).toEqual({ kind: 'ask', presence: tab('t1', true, 4) });
    for (const bad of [null, 'x', {}, { kind: 'presence', tabId: '', visible: true, lastVisibleAt: 1 }, { kind: 'hello', tabId: 't', visible: true, lastVisibleAt: 1 }, { kind: 'presence', tabId: 't', visible: 'yes', lastVisibleAt: 1 }, { kind: 'presence', tabId: 't', visible: true, lastVisibleAt: Number.NaN }]) {
      expect(readPresence(bad)).toBeNull();
    }
  });
});
