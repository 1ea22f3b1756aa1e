/**
 * The viewer's side of the portal interface (src/domain/embedMessages.ts, README
 * "Embedding in a portal"): started only when the page is in a frame and config.js lists
 * allowed origins. It takes commands from those origins alone, logs and ignores every other
 * message (never throws), and tells the allowed origins what the viewer does: ready,
 * entered, the live status, the player's state and errors shown.
 */
import { subscribe } from 'valtio';
import { enabledLocales, isAllowedOrigin, type RuntimeConfig } from '../config';
import { readHostMessage, viewerEnvelope, type ViewerMessage } from '../domain/embedMessages';
import { i18n } from '../i18n';
import { embedControl, sendPlayerCommand } from '../state/embedControl';
import { notices } from '../state/notices';
import { session } from '../state/session';

/** What the bridge needs of the app's router: where it is, and word of every move. */
interface AppRouter {
  readonly state: { readonly location: { readonly pathname: string } };
  subscribe(listener: (state: { readonly location: { readonly pathname: string } }) => void): () => void;
}

export function startEmbedBridge(win: Window, config: RuntimeConfig, router: AppRouter): () => void {
  const allowed = config.allowedOrigins;
  if (win.parent === win || allowed.length === 0) return () => undefined;
  const locales = enabledLocales(config);
  // Only the page framing us at an allowed origin receives anything (postMessage drops
  // a message whose target origin is not the frame parent's).
  const post = (message: ViewerMessage) => {
    for (const origin of allowed) win.parent.postMessage(viewerEnvelope(message), origin);
  };

  const onMessage = (event: MessageEvent) => {
    if (event.source !== win.parent) return;
    if (!isAllowedOrigin(config, event.origin)) {
      console.warn(`embed: a message from ${event.origin} was ignored: not an allowed origin`);
      return;
    }
    const read = readHostMessage(event.data, locales);
    if (typeof read === 'string') {
      if (read !== 'notForUs') console.warn(`embed: a message from ${event.origin} was ignored (${read})`);
      return;
    }
    if (read.type === 'setLocale') void i18n.changeLanguage(read.locale);
    else sendPlayerCommand(read.type);
  };
  win.addEventListener('message', onMessage);

  // The router tells where it is once it has rendered: before that, the first move is the word.
  if (router.state.location.pathname !== '') post({ type: 'ready', path: router.state.location.pathname });
  const stops: (() => void)[] = [() => win.removeEventListener('message', onMessage)];
  stops.push(router.subscribe((state) => post({ type: 'ready', path: state.location.pathname })));

  let entered: string | null = null;
  const checkEntered = () => {
    const roomId = session.isJoinVideo && session.liveToken !== null ? session.currentRoomId : null;
    if (roomId !== null && roomId !== entered) post({ type: 'entered', roomId });
    entered = roomId;
  };
  checkEntered();
  stops.push(subscribe(session, checkEntered));

  let player = embedControl.player;
  let live = embedControl.live;
  stops.push(
    subscribe(embedControl, () => {
      if (embedControl.live !== live && embedControl.live !== null) post({ type: 'liveStatus', ...embedControl.live });
      if (embedControl.player !== player && embedControl.player !== null) post({ type: 'playerState', ...embedControl.player });
      live = embedControl.live;
      player = embedControl.player;
    }),
  );

  const told = new Set<number>();
  stops.push(
    subscribe(notices, () => {
      for (const notice of notices.items) {
        if (notice.tone !== 'error' || told.has(notice.id)) continue;
        told.add(notice.id);
        post({ type: 'error', key: notice.key, text: i18n.t(notice.key, notice.params) });
      }
    }),
  );
  return () => stops.forEach((stop) => stop());
}
