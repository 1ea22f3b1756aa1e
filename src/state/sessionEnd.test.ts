import { describe, expect, it } from 'vitest';
import { proxy } from 'valtio';
import { INITIAL_ROOM_STATE } from '../realtime/roomState';
import { IDLE_CONNECTION, newRoomFeed, type RealtimeStore } from './roomFeed';
import { forgetSessionEnd, recordSessionEnd, recordSessionEndUnlessKnown, sessionEndIn, sessionEndSource, sessionEndStore } from './sessionEnd';

describe('session end records', () => {
  it('keeps the first reason when asked to, and forgets on a new login', () => {
    recordSessionEnd('r1', 'kicked');
    recordSessionEndUnlessKnown('r1', 'loggedOut');
    expect(sessionEndStore.rooms.r1).toBe('kicked');
    recordSessionEnd('r1', 'loggedOut');
    expect(sessionEndStore.rooms.r1).toBe('loggedOut');
    forgetSessionEnd('r1');
    expect(sessionEndStore.rooms.r1).toBeUndefined();
    recordSessionEndUnlessKnown('r1', 'elsewhere');
    expect(sessionEndStore.rooms.r1).toBe('elsewhere');
    forgetSessionEnd('r1');
  });
});

describe('sessionEndIn', () => {
  it('reads the kick for this viewer and the refusals of the room being followed', async () => {
    const store = proxy<RealtimeStore>({ connection: IDLE_CONNECTION, rooms: {} });
    expect(sessionEndIn(store, 'r1')).toBeNull();
    store.rooms.r1 = newRoomFeed('all');
    const source = sessionEndSource(store, 'r1');
    let told = 0;
    const stop = source.subscribe(() => (told += 1));
    expect(source.get()).toBeNull();
    store.rooms.r1.room = { ...INITIAL_ROOM_STATE, control: { action: 'kick', text: '', offset: 3 } };
    await Promise.resolve();
    expect(told).toBeGreaterThan(0);
    expect(source.get()).toBe('kicked');
    store.rooms.r1.room = INITIAL_ROOM_STATE;
    store.connection = { state: 'loginRejected', attempt: 0, status: 4013, msg: 'you have logged out' };
    expect(source.get()).toBe('loggedOut');
    // Another room's feed is not this one's business.
    expect(sessionEndIn(store, 'r2')).toBeNull();
    stop();
  });
});
