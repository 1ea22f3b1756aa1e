import { describe, expect, it } from 'vitest';
import { INITIAL_ROOM_STATE, type ChatState } from '../../realtime/roomState';
import { composerAvailability, type AvailabilityInput } from './composerAvailability';

const open: ChatState = INITIAL_ROOM_STATE.chat;
const base: AvailabilityInput = { connection: { state: 'online' }, joined: { state: 'joined', online: 3 }, chat: open, myUid: 'me', staff: false };
const at = (patch: Partial<AvailabilityInput>, chat: Partial<ChatState> = {}) =>
  composerAvailability({ ...base, ...patch, chat: { ...open, ...chat } });

describe('composerAvailability', () => {
  it('lets a viewer send in an open room', () => {
    expect(at({})).toEqual({ block: null, review: false, pictures: true });
  });

  it('blocks while not online, then while joining or refused', () => {
    for (const state of ['idle', 'connecting', 'loggingIn', 'reconnecting', 'failed', 'closed', 'endedElsewhere', 'loginRejected'] as const) {
      expect(at({ connection: { state } }).block).toBe('offline');
    }
    expect(at({ joined: { state: 'joining' } }).block).toBe('joining');
    expect(at({ joined: null }).block).toBe('joining');
    expect(at({ joined: { state: 'refused', status: 4003, msg: '' } }).block).toBe('refused');
  });

  it('follows the chat state: closed, muted (my uid only), staff only', () => {
    expect(at({}, { open: false }).block).toBe('closed');
    expect(at({}, { muted: ['someone', 'me'] }).block).toBe('muted');
    expect(at({}, { muted: ['someone'] }).block).toBeNull();
    expect(at({}, { staffOnly: true }).block).toBe('staffOnly');
    expect(at({}, { open: false, muted: ['me'] }).block).toBe('closed');
  });

  it('notes review mode but still allows sending; pictures off disables only the image button', () => {
    expect(at({}, { review: true })).toEqual({ block: null, review: true, pictures: true });
    expect(at({}, { pictures: false })).toEqual({ block: null, review: false, pictures: false });
    expect(at({}, { open: false }).pictures).toBe(false);
  });

  it('does not hold staff to the room switches (server/chat/service.ts)', () => {
    const staff = at({ staff: true }, { open: false, muted: ['me'], staffOnly: true, review: true, pictures: false });
    expect(staff).toEqual({ block: null, review: false, pictures: true });
    expect(at({ staff: true, connection: { state: 'reconnecting' } }).block).toBe('offline');
  });
});
