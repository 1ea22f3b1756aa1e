/**
 * Live screen slots for the device test: microphone level and speaker tone (issue 5 item 5).
 * Composed into the screen by app/liveSlots.tsx.
 */
import type { LiveScreenSlots } from '../../features/live';

export const deviceSlots: LiveScreenSlots = {};
