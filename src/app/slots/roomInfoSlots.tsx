/**
 * Live screen slots for the room information around the player: introduction tab, online count and praise, notice, contract or guide state (issue 5 item 4).
 * Composed into the screen by app/liveSlots.tsx.
 */
import type { LiveScreenSlots } from '../../features/live';

export const roomInfoSlots: LiveScreenSlots = {};
