/**
 * Navigation from outside React (the HTTP client's effects, the portal bridge). The router
 * is the declarative BrowserRouter (the data router's code was about 16 KB gzipped of the
 * guide page's script, issue 34 item 7, for features the app does not use); RouterBridge,
 * rendered first inside it, hands this module the router's navigate and location on every
 * move, so a call from outside resolves paths under the basename (the application prefix)
 * as <Link> does.
 */
import { useLayoutEffect } from 'react';
import { useLocation, useNavigate, type NavigateFunction, type NavigateOptions } from 'react-router-dom';
import { isSameLocation } from '../ui/location';

/** Where the router is: the path under the prefix, as the router has it. */
export interface AppLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

let navigator: NavigateFunction | null = null;
let location: AppLocation | null = null;
const listeners = new Set<(location: AppLocation) => void>();

/** The router's navigate and location, from RouterBridge; listeners hear of a new path. */
function attach(navigate: NavigateFunction, next: AppLocation): void {
  navigator = navigate;
  const moved = location === null || location.pathname !== next.pathname;
  location = next;
  if (moved) for (const listener of listeners) listener(next);
}

/**
 * Rendered first inside the router: a layout effect, so the bridge is attached before any
 * screen's own effects (which start the first calls) run.
 */
export function RouterBridge(): null {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useLayoutEffect(() => attach(navigate, { pathname, search, hash }), [navigate, pathname, search, hash]);
  return null;
}

/** Goes to `to` (a path under the prefix); a push to the location already shown does nothing. */
export function navigateFromOutside(to: string, options?: NavigateOptions): void {
  if (navigator === null || location === null || isSameLocation(location, to)) return;
  void navigator(to, options);
}

/** The router's place and word of every move, for the portal bridge (embedBridge.ts). */
export const appRouterView = {
  get state(): { readonly location: AppLocation } {
    return { location: location ?? { pathname: '', search: '', hash: '' } };
  },
  subscribe(listener: (state: { readonly location: AppLocation }) => void): () => void {
    const heard = (next: AppLocation): void => listener({ location: next });
    listeners.add(heard);
    return () => listeners.delete(heard);
  },
};
