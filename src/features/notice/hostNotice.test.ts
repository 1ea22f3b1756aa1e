import { proxy, ref } from 'valtio';
import { describe, expect, it } from 'vitest';
import { INITIAL_ROOM_STATE, type ControlForMe } from '../../realtime/roomState';
import { IDLE_CONNECTION, newRoomFeed, type RealtimeStore } from '../../state/roomFeed';
import { watchHostNotice } from './hostNotice';

function storeWith(control: ControlForMe | null): RealtimeStore {
  const store = proxy<RealtimeStore>({ connection: IDLE_CONNECTION, rooms: {} });
  store.rooms['1'] = newRoomFeed('all');
  setControl(store, control);
  return store;
}

function setControl(store: RealtimeStore, control: ControlForMe | null): void {
  const feed = store.rooms['1'];
  if (feed !== undefined) feed.room = ref({ ...INITIAL_ROOM_STATE, control });
}

describe('host notice watch', () => {
  it('gives the latest notice to this viewer, and keeps it through a later mute', () => {
    const store = storeWith({ action: 'notice', text: ' Please turn on your camera ', offset: 7 });
    const watch = watchHostNotice(store, '1');
    expect(watch.get()).toEqual({ text: 'Please turn on your camera', offset: 7 });
    setControl(store, { action: 'mute', text: '', offset: 8 });
    expect(watch.get()).toEqual({ text: 'Please turn on your camera', offset: 7 });
  });

  it('is the same object until another notice comes (equal texts are two notices)', () => {
    const store = storeWith({ action: 'notice', text: 'Hello', offset: 3 });
    const watch = watchHostNotice(store, '1');
    const first = watch.get();
    setControl(store, { action: 'notice', text: 'Hello', offset: 3 });
    expect(watch.get()).toBe(first);
    setControl(store, { action: 'notice', text: 'Hello', offset: 9 });
    expect(watch.get()).toEqual({ text: 'Hello', offset: 9 });
  });

  it('gives nothing for other actions, empty texts or a room not followed', () => {
    expect(watchHostNotice(storeWith({ action: 'kick', text: 'bye', offset: 1 }), '1').get()).toBeNull();
    expect(watchHostNotice(storeWith({ action: 'notice', text: '  ', offset: 1 }), '1').get()).toBeNull();
    expect(watchHostNotice(storeWith(null), '2').get()).toBeNull();
  });

  it('tells its listener when the store changes', async () => {
    const store = storeWith(null);
    const watch = watchHostNotice(store, '1');
    let told = 0;
    const stop = watch.subscribe(() => (told += 1));
    setControl(store, { action: 'notice', text: 'Hi', offset: 2 });
    await Promise.resolve();
    await Promise.resolve();
    expect(told).toBeGreaterThan(0);
    stop();
  });
});
