/**
 * The video page's slots (./liveSlots.tsx: the player, the chat, the room's parts, each a
 * lazy chunk of its own) are a chunk too, which the guide page never loads (issue 34 item 7:
 * the guide page's script). They load with the video page's texts and, beside them, the
 * player's chunk, which the slots would otherwise ask for only once they had arrived.
 *
 * One promise for every caller, so a screen can wait for it with React's `use`; a load that
 * failed (a chunk the network lost, a deployment that replaced the files) is tried again by
 * the next caller, while the route's error page tells this one.
 */
import type { LiveScreenSlots } from '../features/live';
import { videoTexts } from '../i18n';

let load: Promise<LiveScreenSlots> | null = null;

export function videoSlots(): Promise<LiveScreenSlots> {
  load ??= Promise.all([import('./liveSlots'), videoTexts(), import('../features/player')]).then(
    ([slots]) => slots.liveSlots,
    (error: unknown) => {
      load = null;
      throw error;
    },
  );
  return load;
}
