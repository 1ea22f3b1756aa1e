/**
 * The splash advert of the video page (SPEC 7.1 "splash advert config and list, and POST
 * click info"): when the room has one, it covers the screen on opening the video page with
 * a countdown (the room's duration) and a skip button, once per tab. Clicking the advert
 * reports the click (`/ccp/receiver/v1/splash/click`) and opens its link in a new tab.
 *
 * It is not a modal <dialog>: the page under it stays live (the player starts, the chat
 * fills) and nothing is made inert while the countdown runs.
 */
import { useEffect, useRef, useState } from 'react';
import { useClock } from '../../ui/clock';
import { useApi } from '../../state/apiContext';
import { SplashView } from './SplashView';
import { startSplashFlow, tabSeenMemory, type SplashFlow } from './splashFlow';
import { INITIAL_SPLASH_STATE, type SplashState } from './splashMachine';
import './splash.css';

export interface SplashProps {
  readonly roomId: string;
}

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function Splash({ roomId }: SplashProps) {
  const api = useApi();
  const clock = useClock();
  const [state, setState] = useState<SplashState>(INITIAL_SPLASH_STATE);
  const flow = useRef<SplashFlow | null>(null);

  useEffect(() => {
    const started = startSplashFlow({
      fetchConfig: (signal) => api.live.splashConfig({ webcastId: roomId }, { signal }),
      fetchList: (signal) => api.live.splashList({ webcastId: roomId }, { signal }),
      origin: window.location.origin,
      clock,
      seen: tabSeenMemory(roomId, tabStorage()),
      onChange: setState,
    });
    flow.current = started;
    return () => {
      started.stop();
      flow.current = null;
      setState(INITIAL_SPLASH_STATE);
    };
  }, [api, clock, roomId]);

  if (state.phase !== 'showing') return null;

  const open = () => {
    const advert = flow.current?.click();
    // The link opens whatever the report's fate: a failed count is not the viewer's problem.
    if (advert) api.live.splashClick({ webcastId: roomId, advertId: advert.id }).catch(() => undefined);
  };

  return (
    <SplashView advert={state.advert} remainingMs={state.remainingMs} skippable={state.skippable} onSkip={() => flow.current?.skip()} onOpen={open} />
  );
}
