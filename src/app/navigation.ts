/**
 * Navigation from outside React (the HTTP client's effects). The data router is created
 * once at startup and kept here; router.navigate resolves paths under the basename
 * (the application prefix) just like <Link> does.
 */
import type { createBrowserRouter, NavigateOptions } from 'react-router-dom';
import { isSameLocation } from '../ui/location';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

let appRouter: AppRouter | null = null;

export function attachRouter(router: AppRouter): void {
  appRouter = router;
}

/** Goes to `to` (a path under the prefix); a push to the location already shown does nothing. */
export function navigateFromOutside(to: string, options?: NavigateOptions): void {
  if (appRouter === null || isSameLocation(appRouter.state.location, to)) return;
  void appRouter.navigate(to, options);
}
