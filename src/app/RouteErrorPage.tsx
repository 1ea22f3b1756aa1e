import { RenderErrorMessage } from '../ui/RenderErrorMessage';
import { AppHeader } from './AppHeader';
import { useHomePath } from './useHomePath';

interface RouteErrorPageProps {
  readonly defaultRoomId: string;
}

/**
 * What a route that throws while rendering shows (router.tsx RouteErrorBoundary): the app's
 * header and the localized render-error message, never a blank page. A path outside the
 * application prefix never reaches the router (bootstrap's OutsidePrefixPage); an unknown
 * one under it is the router's own 404 route.
 */
export function RouteErrorPage({ defaultRoomId }: RouteErrorPageProps) {
  const homePath = useHomePath(defaultRoomId);
  return (
    <div className="app">
      <AppHeader homePath={homePath} />
      <main className="app-main">
        <RenderErrorMessage />
      </main>
    </div>
  );
}
