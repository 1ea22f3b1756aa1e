/**
 * The routes of SPEC 2, in history mode under the application prefix (config.appPrefix is
 * the router basename). Routes are hidden from menus: nothing here builds navigation.
 */
import { lazy, Suspense } from 'react';
import { videoTexts } from '../i18n';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import type { RuntimeConfig } from '../config';
import { LIVE_GUIDE_ROUTE, LIVE_VIDEO_ROUTE, LiveScreen, liveRoomPath } from '../features/live';
import { CHAT_WINDOW_ROUTE } from '../features/chatwindow/paths';
import { AppLayout } from './AppLayout';
import { liveSlots } from './liveSlots';
import { ErrorStatusPage } from './pages/ErrorStatusPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';

type RouteConfig = Pick<RuntimeConfig, 'defaultRoomId'>;

// The messaging-login callback is a page few visitors see: its code loads with it, not with
// the guide page (whose script has a budget, tests/e2e/guide-bundle.spec.ts).
const WxInfoScreen = lazy(() => import('../features/wxinfo').then((m) => ({ default: m.WxInfoScreen })));
// The chat in a window of its own (opened from the chat tab): its code loads with it.
const ChatWindowPage = lazy(() => Promise.all([import('./chatWindowPage'), videoTexts()]).then(([page]) => page));
// The host's console, the same: a page for the host side only.
const MeetRoomScreen = lazy(() =>
  Promise.all([import('../features/meet'), import('./meetSlots'), videoTexts()]).then(([meet, { meetSlots }]) => ({
    default: () => <meet.MeetRoomScreen slots={meetSlots} />,
  })),
);

export function appRoutes(config: RouteConfig): RouteObject[] {
  const defaultGuide = liveRoomPath('guide', config.defaultRoomId);
  return [
    {
      path: '/',
      element: <AppLayout defaultRoomId={config.defaultRoomId} />,
      errorElement: <RouteErrorPage defaultRoomId={config.defaultRoomId} />,
      children: [
        // `/` is the LiveGuide of the configured room; replace, so "back" does not bounce here.
        { index: true, element: <Navigate to={defaultGuide} replace /> },
        // LiveGuide and LiveVideo: the same screen module in two modes.
        { path: LIVE_GUIDE_ROUTE, element: <LiveScreen mode="guide" slots={liveSlots} /> },
        { path: LIVE_VIDEO_ROUTE, element: <LiveScreen mode="video" slots={liveSlots} /> },
        {
          path: '/live/meetLive/:id',
          element: (
            <Suspense fallback={null}>
              <MeetRoomScreen />
            </Suspense>
          ),
        },
        {
          path: CHAT_WINDOW_ROUTE,
          element: (
            <Suspense fallback={null}>
              <ChatWindowPage />
            </Suspense>
          ),
        },
        {
          path: '/getWxInfo',
          element: (
            <Suspense fallback={null}>
              <WxInfoScreen />
            </Suspense>
          ),
        },
        { path: '/404', element: <NotFoundPage defaultRoomId={config.defaultRoomId} /> },
        { path: '/error/:httpStatus', element: <ErrorStatusPage defaultRoomId={config.defaultRoomId} /> },
        // Unknown paths show the 404 page in place, keeping the address the viewer typed.
        { path: '*', element: <NotFoundPage defaultRoomId={config.defaultRoomId} /> },
      ],
    },
  ];
}

export const createAppRouter = (config: Pick<RuntimeConfig, 'defaultRoomId' | 'appPrefix'>) =>
  createBrowserRouter(appRoutes(config), { basename: config.appPrefix });
