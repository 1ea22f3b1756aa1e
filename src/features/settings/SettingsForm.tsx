/**
 * The settings of SPEC 2 as a form: nickname (the app's nickname panel, passed in), effects,
 * definition, delay mode and player choice. Props in, changes out: the stores are wired in
 * SettingsPanel.tsx. Every change applies at once (there is no "save": the player follows
 * the shared store).
 */
import { ANNOUNCE_MODES, readAnnounceMode, type AnnounceMode } from '../../domain/chatAnnouncer';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import type { DelayMode, QualityLevel, StreamType } from '../../domain/constants';
import type { PlayerSettings } from '../../state/playerSettings';
import {
  delayChoices,
  effectiveDelay,
  parseDelay,
  parseQuality,
  parseType,
  playbackHint,
  qualityChoices,
  ROOM_DEFAULT,
  typeChoices,
  type OfferView,
} from './settingsChoices';

export interface SettingsFormProps {
  readonly nickname?: ReactNode;
  readonly settings: Pick<PlayerSettings, 'quality' | 'delay' | 'type'>;
  readonly offer: OfferView;
  readonly effects: boolean;
  /** One video per room: a tab in the background leaves the video to the tab in view. */
  readonly oneVideo: boolean;
  readonly onQuality: (value: QualityLevel | null) => void;
  readonly onDelay: (value: DelayMode) => void;
  readonly onType: (value: StreamType | null) => void;
  readonly onEffects: (on: boolean) => void;
  readonly onOneVideo: (on: boolean) => void;
  /** What a screen reader is told of new chat messages. */
  readonly announce: AnnounceMode;
  readonly onAnnounce: (mode: AnnounceMode) => void;
  /** Whether it is also told of interactions that start and of messages skipped. */
  readonly announceInteractions: boolean;
  readonly announceSkips: boolean;
  readonly onAnnounceChoice: (choice: 'announceInteractions' | 'announceSkips', on: boolean) => void;
}

export function SettingsForm(props: SettingsFormProps) {
  const { nickname, settings, offer, effects, oneVideo, onQuality, onDelay, onType, onEffects, onOneVideo, announce, onAnnounce } = props;
  const { t } = useTranslation(INTERACTIONS_NS);
  const effectsId = useId();
  const playbackId = useId();
  const announceId = useId();
  const hint = playbackHint(offer.mode);
  const text = (event: ChangeEvent<HTMLSelectElement>) => event.target.value;

  return (
    <div className="viewer-settings__form">
      {nickname !== undefined && nickname !== null && (
        <section className="viewer-settings__section" aria-label={t('viewerSettings.nickname')}>
          {nickname}
        </section>
      )}

      <section className="viewer-settings__section" aria-labelledby={effectsId}>
        <h3 id={effectsId} className="viewer-settings__heading">
          {t('viewerSettings.effects')}
        </h3>
        <label className="viewer-settings__check">
          <input type="checkbox" checked={effects} onChange={(event) => onEffects(event.target.checked)} />
          <span>{t('viewerSettings.effectsLabel')}</span>
        </label>
      </section>

      <section className="viewer-settings__section" aria-labelledby={playbackId}>
        <h3 id={playbackId} className="viewer-settings__heading">
          {t('viewerSettings.playback')}
        </h3>
        <label className="viewer-settings__field">
          <span>{t('viewerSettings.quality')}</span>
          <select value={settings.quality ?? ROOM_DEFAULT} onChange={(event) => onQuality(parseQuality(text(event)))}>
            <option value={ROOM_DEFAULT}>{t('viewerSettings.roomDefault')}</option>
            {qualityChoices(offer, settings.quality).map(({ value, available }) => (
              <option key={value} value={value}>
                {available ? t(`quality.${value}`) : t('viewerSettings.unavailable', { name: t(`quality.${value}`) })}
              </option>
            ))}
          </select>
        </label>
        <label className="viewer-settings__field">
          <span>{t('viewerSettings.delay')}</span>
          <select value={effectiveDelay(settings)} onChange={(event) => onDelay(parseDelay(text(event)))}>
            {delayChoices().map((mode) => (
              <option key={mode} value={mode}>
                {t(`delayMode.${mode}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="viewer-settings__field">
          <span>{t('viewerSettings.type')}</span>
          <select value={settings.type ?? ROOM_DEFAULT} onChange={(event) => onType(parseType(text(event)))}>
            <option value={ROOM_DEFAULT}>{t('viewerSettings.roomDefault')}</option>
            {typeChoices(offer).map(({ value, available }) => (
              // The saved choice stays selectable even where the line lacks it.
              <option key={value} value={value} disabled={!available && settings.type !== value}>
                {available ? t(`viewerSettings.${value}`) : t('viewerSettings.unavailable', { name: t(`viewerSettings.${value}`) })}
              </option>
            ))}
          </select>
        </label>
        {hint !== null && <p className="viewer-settings__hint">{t(`viewerSettings.${hint}`)}</p>}
        <label className="viewer-settings__check">
          <input type="checkbox" checked={oneVideo} onChange={(event) => onOneVideo(event.target.checked)} />
          <span>{t('viewerSettings.oneVideoLabel')}</span>
        </label>
        <p className="viewer-settings__hint">{t('viewerSettings.oneVideoHint')}</p>
      </section>

      <section className="viewer-settings__section" aria-labelledby={announceId}>
        <h3 id={announceId} className="viewer-settings__heading">
          {t('viewerSettings.accessibility')}
        </h3>
        <label className="viewer-settings__field">
          <span>{t('viewerSettings.announce')}</span>
          <select value={announce} onChange={(event) => onAnnounce(readAnnounceMode(event.target.value))}>
            {ANNOUNCE_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`viewerSettings.announceMode.${mode}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="viewer-settings__check">
          <input type="checkbox" checked={props.announceInteractions} onChange={(event) => props.onAnnounceChoice('announceInteractions', event.target.checked)} />
          <span>{t('viewerSettings.announceInteractions')}</span>
        </label>
        <label className="viewer-settings__check">
          <input type="checkbox" checked={props.announceSkips} onChange={(event) => props.onAnnounceChoice('announceSkips', event.target.checked)} />
          <span>{t('viewerSettings.announceSkips')}</span>
        </label>
        <p className="viewer-settings__hint">{t('viewerSettings.announceHint')}</p>
      </section>

      <p className="viewer-settings__hint">{t('viewerSettings.kept')}</p>
    </div>
  );
}
