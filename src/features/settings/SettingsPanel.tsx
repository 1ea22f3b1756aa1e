/**
 * The settings button of the video page's toolbar and the settings dialog it opens. The
 * player's choices go to the player's own store (state/playerSettings), so the player
 * switches as soon as one changes; effects to state/viewerSettings. Both are kept per
 * browser. The dialog's content exists only while it is open.
 */
import { Settings } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useModalDialog } from '../../ui/useModalDialog';
import { useSnapshot } from 'valtio';
import { playerOffer, playerSettings, setPlayerSetting } from '../../state/playerSettings';
import { setViewerSetting, viewerSettings } from '../../state/viewerSettings';
import { SettingsForm } from './SettingsForm';
import './settings.css';
import { DialogHeader } from '../../ui/DialogHeader';

export interface SettingsPanelProps {
  /**
   * The nickname form shown first in the panel. The app passes the entry feature's
   * NicknamePanel (features do not import each other).
   */
  readonly nickname?: ReactNode;
}

function OpenSettings({ titleId, nickname, onClose }: { readonly titleId: string; readonly nickname?: ReactNode; readonly onClose: () => void }) {
  // The dialog's texts are in the interactions' namespace, a chunk loaded on demand: the
  // guide page's script carries only the button's word (issue 5's budget).
  const { t } = useTranslation(INTERACTIONS_NS);
  const settings = useSnapshot(playerSettings);
  const offer = useSnapshot(playerOffer);
  const viewer = useSnapshot(viewerSettings);
  return (
    <div className="panel-dialog__body">
      <DialogHeader titleId={titleId} title={t('viewerSettings.title')} closeLabel={t('viewerSettings.close')} onClose={onClose} />
      <SettingsForm
        nickname={nickname}
        settings={settings}
        offer={offer}
        effects={viewer.effects}
        oneVideo={viewer.oneVideo}
        onQuality={(value) => setPlayerSetting('quality', value)}
        onDelay={(value) => setPlayerSetting('delay', value)}
        onType={(value) => setPlayerSetting('type', value)}
        onEffects={(on) => setViewerSetting('effects', on)}
        onOneVideo={(on) => setViewerSetting('oneVideo', on)}
        announce={viewer.announce}
        onAnnounce={(mode) => setViewerSetting('announce', mode)}
        announceInteractions={viewer.announceInteractions}
        announceSkips={viewer.announceSkips}
        onAnnounceChoice={(choice, on) => setViewerSetting(choice, on)}
      />
    </div>
  );
}

export function SettingsPanel({ nickname }: SettingsPanelProps) {
  const { t } = useTranslation();
  const { open, show, close, onClose, dialog, opener, titleId } = useModalDialog();

  return (
    <div className="viewer-settings">
      <button
        ref={opener}
        type="button"
        className="button viewer-settings__open"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
      >
        <Settings size={16} className="toolbar-icon" aria-hidden="true" focusable="false" />
        {t('settings.button')}
      </button>
      <dialog ref={dialog} className="panel-dialog panel-dialog--panel sheet" aria-labelledby={titleId} tabIndex={-1} onClose={onClose}>
        {open && (
          <Suspense fallback={<p className="panel-dialog__body">{t('common.loading')}</p>}>
            <OpenSettings titleId={titleId} nickname={nickname} onClose={close} />
          </Suspense>
        )}
      </dialog>
    </div>
  );
}
