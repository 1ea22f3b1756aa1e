/**
 * The routes of SPEC 2, in history mode under the application prefix (config.appPrefix is
 * the router basename). Routes are hidden from menus: nothing here builds navigation.
 *
 * The declarative router (BrowserRouter and Routes): the app loads no data through the
 * router, and the data router's code was about 16 KB gzipped of the guide page's script
 * (issue 34 item 7). What it gave besides, an error element and navigation from outside
 * React, are RouteErrorBoundary below and RouterBridge (navigation.ts).
 */
import { Component, lazy, Suspense, use, type ErrorInfo, type ReactNode } from 'react';
import { videoTexts } from '../i18n';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { RuntimeConfig } from '../config';
import { reportFailure } from '../diagnostics/reportFailure';
import { LIVE_GUIDE_ROUTE, LIVE_VIDEO_ROUTE, LiveScreen, liveRoomPath, type LiveScreenMode } from '../features/live';
import { CHAT_WINDOW_ROUTE } from '../features/chatwindow/paths';
import { AppLayout } from './AppLayout';
import { guideSlots } from './guideSlots';
import { RouterBridge } from './navigation';
import { ErrorStatusPage } from './pages/ErrorStatusPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';
import { videoSlots } from './videoSlots';

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

const lazily = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

/**
 * The live screen with the slots of its mode: the guide page's (the entry) are in the app's
 * script, the video page's load with it (videoSlots.ts; a move from the guide page is a
 * transition, which keeps the guide page up meanwhile). One component for both routes, so
 * moving between them keeps the screen's state (a finished login is not thrown away).
 */
function LiveRoute({ mode }: { readonly mode: LiveScreenMode }) {
  const slots = mode === 'video' ? use(videoSlots()) : guideSlots;
  return <LiveScreen mode={mode} slots={slots} />;
}

/** Every route, in one tree under the app's frame. */
export function AppRoutes({ config }: { readonly config: RouteConfig }) {
  const defaultGuide = liveRoomPath('guide', config.defaultRoomId);
  return (
    <Routes>
      <Route path="/" element={<AppLayout defaultRoomId={config.defaultRoomId} />}>
        {/* `/` is the LiveGuide of the configured room; replace, so "back" does not bounce here. */}
        <Route index element={<Navigate to={defaultGuide} replace />} />
        {/* LiveGuide and LiveVideo: the same screen module in two modes. */}
        <Route path={LIVE_GUIDE_ROUTE} element={<LiveRoute mode="guide" />} />
        <Route path={LIVE_VIDEO_ROUTE} element={<LiveRoute mode="video" />} />
        <Route path="/live/meetLive/:id" element={lazily(<MeetRoomScreen />)} />
        <Route path={CHAT_WINDOW_ROUTE} element={lazily(<ChatWindowPage />)} />
        <Route path="/getWxInfo" element={lazily(<WxInfoScreen />)} />
        <Route path="/404" element={<NotFoundPage defaultRoomId={config.defaultRoomId} />} />
        <Route path="/error/:httpStatus" element={<ErrorStatusPage defaultRoomId={config.defaultRoomId} />} />
        {/* Unknown paths show the 404 page in place, keeping the address the viewer typed. */}
        <Route path="*" element={<NotFoundPage defaultRoomId={config.defaultRoomId} />} />
      </Route>
    </Routes>
  );
}

interface BoundaryProps {
  readonly defaultRoomId: string;
  /** The path shown: a move elsewhere clears a failure, as the data router's error element did. */
  readonly pathname: string;
  readonly children: ReactNode;
}

interface BoundaryState {
  readonly error: unknown;
  readonly failedAt: string | null;
}

/** A route that throws while rendering: the app's frame with the localized message (RouteErrorPage). */
class RouteErrorBoundaryAt extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error !== null && state.failedAt === null) return { failedAt: props.pathname };
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { error: null, failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Route failed', error, info.componentStack);
    reportFailure('render', error);
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : <RouteErrorPage defaultRoomId={this.props.defaultRoomId} />;
  }
}

function RouteErrorBoundary({ defaultRoomId, children }: { readonly defaultRoomId: string; readonly children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundaryAt defaultRoomId={defaultRoomId} pathname={pathname}>
      {children}
    </RouteErrorBoundaryAt>
  );
}

/** The app's router: the routes under the prefix, the bridge for navigation from outside React, the error boundary. */
export function AppRouter({ config }: { readonly config: Pick<RuntimeConfig, 'defaultRoomId' | 'appPrefix'> }) {
  return (
    <BrowserRouter basename={config.appPrefix}>
      <RouterBridge />
      <RouteErrorBoundary defaultRoomId={config.defaultRoomId}>
        <AppRoutes config={config} />
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
