/**
 * Whether this tab's player has yielded to another tab of the same room (issue 11 item 3,
 * the rules in src/domain/playbackYield.ts): a tab in the background stops its video after
 * the grace period when another tab of the room is in view or was seen later, and plays
 * again the moment it is shown. Off when the viewer turned it off in the settings.
 */
import { useEffect, useState } from 'react';
import { nextYieldState, PLAYBACK_YIELD_GRACE_MS, shouldYield, type YieldEvent, type YieldState } from '../../domain/playbackYield';
import { randomId32 } from '../../domain/randomId';
import { browserRoomChannel, createRoomTabs } from '../../state/roomTabs';
import { useClock } from '../../ui/clock';
import type { TimerId } from '../../realtime/ports';

const pageVisible = (): boolean => document.visibilityState === 'visible';

export function usePlaybackYield(roomId: string, enabled: boolean): boolean {
  const clock = useClock();
  const [state, setState] = useState<YieldState>('playing');

  useEffect(() => {
    if (!enabled) return undefined;
    const tabs = createRoomTabs({
      tabId: randomId32((bytes) => void globalThis.crypto.getRandomValues(bytes)),
      channel: browserRoomChannel(roomId),
      now: () => clock.now(),
      every: (fn, ms) => {
        const id = clock.setInterval(fn, ms);
        return () => clock.clearInterval(id);
      },
      visible: pageVisible(),
    });
    let current: YieldState = 'playing';
    let grace: TimerId | null = null;
    const apply = (event: YieldEvent): void => {
      const next = nextYieldState(current, event);
      if (next === current) return;
      current = next;
      if (grace !== null) clock.clearTimeout(grace);
      grace = next === 'grace' ? clock.setTimeout(() => apply('graceElapsed'), PLAYBACK_YIELD_GRACE_MS) : null;
      setState(next);
    };
    const evaluate = (): void => apply(shouldYield(tabs.me(), tabs.peers()) ? 'anotherShouldPlay' : 'thisShouldPlay');
    const onVisibility = (): void => {
      tabs.setVisible(pageVisible());
      evaluate();
    };
    // A tab closing says so, so the others need not wait for its presence to expire.
    const onPageHide = (): void => tabs.close();
    const unsubscribe = tabs.subscribe(evaluate);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    evaluate();
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      if (grace !== null) clock.clearTimeout(grace);
      tabs.close();
      setState('playing');
    };
  }, [clock, roomId, enabled]);

  return enabled && state === 'yielded';
}
