/**
 * Startup: read and check the runtime configuration, then either start the app (i18n,
 * session, theme, router, HTTP client) or show why it cannot start. The page is never
 * left blank.
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { enabledLocales, readRuntimeConfig, type RuntimeConfig } from '../config';
import { liveRoomPath } from '../features/live';
import { DEFAULT_LOCALE, LOCALES_ENABLED_BY_DEFAULT } from '../domain/constants';
import { currentLocale, i18n, initI18n, videoTexts } from '../i18n';
import { videoSlots } from './videoSlots';
import { keepFocusThroughDisabling } from '../ui/focusKeeper';
import { ApiProvider } from '../state/apiContext';
import { session, setTheme } from '../state/session';
import { startColourScheme } from '../state/colourScheme';
import { syncThemeTo } from '../state/theme';
import { setSocketAddresses } from '../state/socketAddresses';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { collectPageFailures } from '../diagnostics/reportFailure';
import '../ui/base.css';
import { createAppApi } from './api';
import { appRouterView } from './navigation';
import { OutsidePrefixPage } from './OutsidePrefixPage';
import { isUnderPrefix, withPrefix } from './prefix';
import { AppRouter } from './router';
import { StartupError, type StartupProblem } from './StartupError';

const renderIn = (root: Root, node: ReactNode) =>
  root.render(
    <StrictMode>
      <ErrorBoundary>{node}</ErrorBoundary>
    </StrictMode>,
  );

async function startWithConfig(root: Root, config: RuntimeConfig): Promise<void> {
  await initI18n({ enabled: enabledLocales(config), defaultLocale: config.defaultLocale });
  // session.localeLang mirrors the interface language for code outside React.
  session.localeLang = currentLocale();
  i18n.on('languageChanged', () => {
    session.localeLang = currentLocale();
  });
  setTheme(config.themeColour);
  setSocketAddresses(config.sockets);
  syncThemeTo(document.documentElement.style);
  // Any page but the guide page shows the video page's texts (catalogues.ts VIDEO_NS): on their way at once.
  if (!window.location.pathname.includes('/live/login/')) void videoTexts();
  // A video page's slots (the player, the chat, the room's parts), the same.
  if (window.location.pathname.includes('/live/video/')) void videoSlots();

  if (!isUnderPrefix(window.location.pathname, config.appPrefix)) {
    renderIn(root, <OutsidePrefixPage homeHref={withPrefix(config.appPrefix, liveRoomPath('guide', config.defaultRoomId))} />);
    return;
  }

  startErrorReporting(config);
  keepFocusThroughDisabling();
  // The reporting self-test, loaded only when the address asks for it.
  if (new URLSearchParams(window.location.search).get('reportSelfTest') === '1') void import('./ReportSelfTest').then((m) => m.runReportSelfTest());
  // In a portal's frame: the postMessage interface (loaded only there; see the README).
  if (window.parent !== window && config.allowedOrigins.length > 0) {
    void import('./embedBridge').then(({ startEmbedBridge }) => startEmbedBridge(window, config, appRouterView));
  }
  const api = createAppApi(config);
  renderIn(
    root,
    <ApiProvider api={api}>
      <AppRouter config={config} />
    </ApiProvider>,
  );
}

/** SPEC's error reporting, to the endpoint config.js names (a path is on the live service's origin). */
function startErrorReporting(config: RuntimeConfig): void {
  const { endpoint, appName, versionLabel } = config.errorReporting;
  if (endpoint === null) return;
  let address: string;
  try {
    const base = config.services.live === '' ? window.location.origin : new URL(config.services.live, window.location.origin).href;
    address = new URL(endpoint, base).href;
  } catch (error) {
    console.error('Error reporting is off: its endpoint is not an address', error);
    return;
  }
  // Failures are kept from now; the reporter (a chunk of its own: the guide page's budget) loads with the first and sends them.
  // The entry script's file name carries the build's content hash.
  const where = { endpoint: address, app: appName, version: versionLabel, build: new URL(import.meta.url).pathname.split('/').pop() ?? '' };
  collectPageFailures(
    where,
    () =>
      void import('../diagnostics/errorReporter').then(
        ({ installErrorReporting }) => installErrorReporting({ ...where, room: () => session.currentRoomId }),
        (error: unknown) => console.error('Error reporting could not load', error),
      ),
  );
}

async function showStartupProblem(root: Root, problem: StartupProblem): Promise<void> {
  if (!i18n.isInitialized) {
    // No usable configuration: the shipped defaults decide the languages on offer.
    await initI18n({ enabled: LOCALES_ENABLED_BY_DEFAULT, defaultLocale: DEFAULT_LOCALE });
  }
  syncThemeTo(document.documentElement.style);
  renderIn(root, <StartupError problem={problem} />);
}

export async function startApp(container: HTMLElement): Promise<void> {
  // The viewer's light or dark theme before anything paints.
  startColourScheme();
  const root = createRoot(container);
  try {
    const reading = readRuntimeConfig();
    if (reading.status === 'ok') await startWithConfig(root, reading.config);
    else await showStartupProblem(root, reading);
  } catch (error) {
    console.error('Startup failed', error);
    await showStartupProblem(root, { status: 'failed', details: [error instanceof Error ? error.message : String(error)] });
  }
}
