import { useCallback, useEffect, type ReactNode } from 'react';
import { RoomTabs, type RoomTab } from './RoomTabs';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useRoomConnection } from '../../state/realtimeConnection';
import { enterRoom, setJoinedVideo } from '../../state/session';
import { SafeLink } from '../../ui/SafeLink';
import { useSafeNavigate } from '../../ui/useSafeNavigate';
import { liveRoomPath, type LiveScreenMode } from './paths';

/**
 * What other features put on this screen. The app composes them (features do not import
 * each other), so the screen only knows where they go.
 */
export interface LiveScreenSlots {
  /** Guide page: how the viewer gets in; `enter` moves to the video page. */
  entry?(roomId: string, enter: () => void): ReactNode;
  /** Video page: room-wide notices above everything (connection state). */
  banner?(roomId: string): ReactNode;
  /** Video page: the player (live or replay) in the stage. */
  player?(roomId: string): ReactNode;
  /** Video page: layered over the player inside the stage (anti-record watermark). */
  stageOverlay?(roomId: string): ReactNode;
  /** Video page: the bar under the player (online count, praise, settings, device test). */
  toolbar?(roomId: string): ReactNode;
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
  // The video page follows the room's realtime messages (through the worker) while shown.
  useRoomConnection(mode === 'video' ? id : '');

  useEffect(() => {
    // In this order: entering another room resets the room state, isJoinVideo included.
    enterRoom(id);
    setJoinedVideo(mode === 'video');
  }, [id, mode]);

  const title = mode === 'guide' ? t('screen.guideTitle', { id }) : t('screen.videoTitle', { id });
  const stage =
    mode === 'guide' ? (
      (slots.entry?.(id, enter) ?? (
        <SafeLink className="button button--primary" to={liveRoomPath('video', id)}>
          {t('screen.enterRoom')}
        </SafeLink>
      ))
    ) : (
      <>
        <div className="live-screen__player">
          {slots.player?.(id)}
          {slots.stageOverlay?.(id)}
        </div>
        {slots.toolbar?.(id)}
        <SafeLink className="button" to={liveRoomPath('guide', id)}>
          {t('screen.backToGuide')}
        </SafeLink>
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
      side={tabs !== undefined && tabs.length > 0 ? <RoomTabs key={id} tabs={tabs} /> : undefined}
      layers={video ? slots.layers?.(id) : undefined}
    />
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

function LiveScreenLayout({ mode, title, stage, banner, side, layers }: LiveScreenLayoutProps) {
  return (
    <article className={`live-screen live-screen--${mode}`} data-mode={mode}>
      {banner}
      <h1 className="live-screen__title">{title}</h1>
      <div className="live-screen__body">
        <section className="live-screen__stage">{stage}</section>
        {side !== undefined && <aside className="live-screen__side">{side}</aside>}
      </div>
      {layers}
    </article>
  );
}
