import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { enterRoom, setJoinedVideo } from '../../state/session';
import { SafeLink } from '../../ui/SafeLink';
import { liveRoomPath, type LiveScreenMode } from './paths';

interface LiveScreenProps {
  /** LiveGuide (/live/login/:id) or LiveVideo (/live/video/:id): one screen, two modes (SPEC 2). */
  readonly mode: LiveScreenMode;
}

/**
 * The live room screen. Its regions are the plug-in points of later features:
 * - `stage`: the entry panel in guide mode (login and verification forms join it there),
 *   the player in video mode;
 * - `side`: the room tabs (introduction, chat, goods, recommend) in video mode.
 * Because both routes render this component in the same place, moving between the guide
 * and the video page keeps its state (a finished login is not thrown away).
 */
export function LiveScreen({ mode }: LiveScreenProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams<'id'>();

  useEffect(() => {
    // In this order: entering another room resets the room state, isJoinVideo included.
    enterRoom(id);
    setJoinedVideo(mode === 'video');
  }, [id, mode]);

  const title = mode === 'guide' ? t('screen.guideTitle', { id }) : t('screen.videoTitle', { id });
  const stage =
    mode === 'guide' ? (
      <SafeLink className="button button--primary" to={liveRoomPath('video', id)}>
        {t('screen.enterRoom')}
      </SafeLink>
    ) : (
      <SafeLink className="button" to={liveRoomPath('guide', id)}>
        {t('screen.backToGuide')}
      </SafeLink>
    );

  return <LiveScreenLayout mode={mode} title={title} stage={stage} />;
}

interface LiveScreenLayoutProps {
  readonly mode: LiveScreenMode;
  readonly title: string;
  readonly stage: ReactNode;
  readonly side?: ReactNode;
}

function LiveScreenLayout({ mode, title, stage, side }: LiveScreenLayoutProps) {
  return (
    <article className={`live-screen live-screen--${mode}`} data-mode={mode}>
      <h1 className="live-screen__title">{title}</h1>
      <div className="live-screen__body">
        <section className="live-screen__stage">{stage}</section>
        {side !== undefined && <aside className="live-screen__side">{side}</aside>}
      </div>
    </article>
  );
}
