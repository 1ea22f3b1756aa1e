import { lazy, Suspense, use, useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import type { RoomTab } from './RoomTabs';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { videoTexts } from '../../i18n';
import { captureInviter } from '../../state/inviteCapture';
import { enterRoom, setJoinedVideo } from '../../state/session';
import { SafeLink } from '../../ui/SafeLink';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { useSafeNavigate } from '../../ui/useSafeNavigate';
import { liveRoomPath, type LiveScreenMode } from './paths';

// The tabs come with the video page: the guide page shows none.
const AddressedRoomTabs = lazy(() => import('./AddressedRoomTabs'));
import './live.css';

/**
 * What other features put on this screen. The app composes them (features do not import
 * each other), so the screen only knows where they go.
 */
export interface LiveScreenSlots {
  /** Guide page: how the viewer gets in; `enter` moves to the video page. */
  entry?(roomId: string, enter: () => void): ReactNode;
  /**
   * Video page: room-wide notices above everything (connection state). The app also follows
   * the room's realtime messages here (the worker's connection), so the guide page's script
   * carries none of the realtime code.
   */
  banner?(roomId: string): ReactNode;
  /** Video page: the player (live or replay) in the stage. */
  player?(roomId: string): ReactNode;
  /**
   * Video page: what the host shares (slides, whiteboard), beside the player on a wide screen,
   * under it on a narrower one. On a phone one of the two shows: an element of the slot's with
   * `data-stage-primary="true"` puts the document in the player's place (the video plays on).
   */
  document?(roomId: string): ReactNode;
  /** Video page: layered over the player inside the stage (anti-record watermark). */
  stageOverlay?(roomId: string): ReactNode;
  /** Video page: the bar under the player (online count, praise, settings, device test). */
  toolbar?(roomId: string): ReactNode;
  /** Video page: notices under the toolbar (room notice, the host's notice to this viewer). */
  strip?(roomId: string): ReactNode;
  /**
   * Video page: the room's open interactions (roll call, questionnaire, lottery...), one card
   * each, in a region under the notices (phones: over the chat, above the composer).
   */
  interactions?(roomId: string): ReactNode;
  /** Video page: the room tabs in SPEC order (introduction, chat, goods, recommend). */
  tabs?(roomId: string): readonly RoomTab[];
  /** Video page: layers above the whole screen (splash advert, dialogs, notices). */
  layers?(roomId: string): ReactNode;
}

interface LiveScreenProps {
  /** LiveGuide (/live/login/:id) or LiveVideo (/live/video/:id): one screen, two modes (SPEC 2). */
  readonly mode: LiveScreenMode;
  readonly slots?: LiveScreenSlots;
}

/**
 * The live room screen. Its regions are the plug-in points of later features:
 * - `stage`: the entry panel in guide mode (login and verification forms join it there),
 *   the player in video mode;
 * - `side`: the room tabs (introduction, chat, goods, recommend) in video mode;
 * - around the player: an overlay on it, a toolbar under it, and layers over the screen.
 * Because both routes render this component in the same place, moving between the guide
 * and the video page keeps its state (a finished login is not thrown away).
 */
export function LiveScreen({ mode, slots = {} }: LiveScreenProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams<'id'>();
  const navigate = useSafeNavigate();
  const enter = useCallback(() => navigate(liveRoomPath('video', id)), [navigate, id]);

  useEffect(() => {
    // In this order: entering another room resets the room state, isJoinVideo included.
    enterRoom(id);
    setJoinedVideo(mode === 'video');
  }, [id, mode]);
  // An invite URL's inviter, recorded once the viewer is in (features/poster).
  useEffect(() => captureInviter(id, globalThis.location?.search ?? ''), [id]);

  // The video page's texts are a chunk of their own (i18n/catalogues.ts VIDEO_NS): the screen
  // waits for them (they are on their way since the page started, bootstrap.tsx).
  if (mode === 'video') use(videoTexts());
  const title = mode === 'guide' ? t('screen.guideTitle', { id }) : t('screen.videoTitle', { id });
  const entry = mode === 'guide' ? slots.entry?.(id, enter) : undefined;
  const stage =
    mode === 'guide' ? (
      entry !== undefined && entry !== null ? (
        <ErrorBoundary region="entry">{entry}</ErrorBoundary>
      ) : (
        <SafeLink className="button button--primary" to={liveRoomPath('video', id)}>
          {t('screen.enterRoom')}
        </SafeLink>
      )
    ) : (
      <>
        <div className="live-screen__screens">
          <div className="live-screen__player">
            <ErrorBoundary region="player">
              {slots.player?.(id)}
              {slots.stageOverlay?.(id)}
            </ErrorBoundary>
          </div>
          {slots.document !== undefined && (
            <div className="live-screen__document">
              <ErrorBoundary region="document">{slots.document(id)}</ErrorBoundary>
            </div>
          )}
        </div>
        <Toolbar>
          <ErrorBoundary region="toolbar">{slots.toolbar?.(id)}</ErrorBoundary>
          <SafeLink className="button live-screen__back" to={liveRoomPath('guide', id)}>
            {t('screen.backToGuide')}
          </SafeLink>
        </Toolbar>
        <div className="live-screen__strip">
          <ErrorBoundary region="strip">{slots.strip?.(id)}</ErrorBoundary>
        </div>
        {slots.interactions !== undefined && (
          <section className="live-screen__interactions" aria-label={t('screen.interactions')}>
            <ErrorBoundary region="interactions">{slots.interactions(id)}</ErrorBoundary>
          </section>
        )}
      </>
    );

  const video = mode === 'video';
  const tabs = video ? slots.tabs?.(id) : undefined;
  return (
    <LiveScreenLayout
      mode={mode}
      title={title}
      stage={stage}
      banner={video ? slots.banner?.(id) : undefined}
      side={
        tabs !== undefined && tabs.length > 0 ? (
          <Suspense fallback={null}>
            <AddressedRoomTabs key={id} roomId={id} tabs={tabs} />
          </Suspense>
        ) : undefined
      }
      layers={video ? slots.layers?.(id) : undefined}
    />
  );
}

/**
 * The bar under the player. On a phone it shows only its elements marked
 * `data-toolbar-primary="true"` (the most used: the counts with the like, activity, gifts) and a
 * "more" button that shows the rest in place, wrapped, in their order (so the keyboard's order
 * is the eye's). Wider screens show everything and no button (live.css).
 */
function Toolbar({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  const [more, setMore] = useState(false);
  const id = useId();
  return (
    <div id={id} className="live-screen__toolbar" data-more={more ? 'open' : 'closed'}>
      {children}
      <button type="button" className="button live-screen__more" aria-expanded={more} aria-controls={id} onClick={() => setMore((open) => !open)}>
        {more ? t('screen.toolbarLess') : t('screen.toolbarMore')}
      </button>
    </div>
  );
}

interface LiveScreenLayoutProps {
  readonly mode: LiveScreenMode;
  readonly title: string;
  readonly stage: ReactNode;
  readonly banner?: ReactNode;
  readonly side?: ReactNode;
  readonly layers?: ReactNode;
}

/**
 * The screen's regions. Wide windows: the stage and the side tabs next to each other, the
 * side as tall as the window so the chat fills it. Phones (live.css): the page does not
 * scroll; the player stays at the top, the tabs fill the rest and the chat's composer sits
 * at the bottom. A phone held sideways shows the video alone, full screen, with the chat
 * laid over it when the viewer asks for it (the toggle exists only in that layout).
 */
function LiveScreenLayout({ mode, title, stage, banner, side, layers }: LiveScreenLayoutProps) {
  const { t } = useTranslation();
  const [chatOverlay, setChatOverlay] = useState(false);
  return (
    <article className={`live-screen live-screen--${mode}`} data-mode={mode} data-chat-overlay={chatOverlay ? 'on' : 'off'}>
      <ErrorBoundary region="banner">{banner}</ErrorBoundary>
      {/* The guide page's event card carries the room's own title: this heading stays for assistive technology. */}
      <h1 className={mode === 'guide' ? 'live-screen__title visually-hidden' : 'live-screen__title'}>{title}</h1>
      <div className="live-screen__body">
        <section className="live-screen__stage" aria-label={t('screen.stage')}>
          {stage}
        </section>
        {side !== undefined && (
          <aside className="live-screen__side" aria-label={t('screen.side')}>
            <ErrorBoundary region="side">{side}</ErrorBoundary>
          </aside>
        )}
        {side !== undefined && (
          <button type="button" className="live-screen__overlay-toggle" aria-pressed={chatOverlay} onClick={() => setChatOverlay((on) => !on)}>
            {chatOverlay ? t('screen.hideChatOverlay') : t('screen.showChatOverlay')}
          </button>
        )}
      </div>
      <ErrorBoundary region="layers">{layers}</ErrorBoundary>
    </article>
  );
}
