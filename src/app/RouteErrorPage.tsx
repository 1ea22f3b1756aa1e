import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { RenderErrorMessage } from '../ui/RenderErrorMessage';
import { AppHeader } from './AppHeader';
import { NotFoundPage } from './pages/NotFoundPage';
import { useHomePath } from './useHomePath';

interface RouteErrorPageProps {
  readonly defaultRoomId: string;
}

/**
 * The router's errorElement: replaces the router's built-in English error screen. A path
 * outside the application prefix reaches here as a 404; a screen that throws while
 * rendering shows the localized render-error message.
 */
export function RouteErrorPage({ defaultRoomId }: RouteErrorPageProps) {
  const homePath = useHomePath(defaultRoomId);
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) console.error('Route failed', error);
  }, [error, notFound]);

  return (
    <div className="app">
      <AppHeader homePath={homePath} />
      <main className="app-main">{notFound ? <NotFoundPage defaultRoomId={defaultRoomId} /> : <RenderErrorMessage />}</main>
    </div>
  );
}
