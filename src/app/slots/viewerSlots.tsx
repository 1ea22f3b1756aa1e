/**
 * Live screen slots for the viewer's own layer: anti-record watermark, splash advert, settings panel and the nickname prompt (issue 5 items 2 and 4).
 * Composed into the screen by app/liveSlots.tsx.
 */
import type { LiveScreenSlots } from '../../features/live';

export const viewerSlots: LiveScreenSlots = {};
