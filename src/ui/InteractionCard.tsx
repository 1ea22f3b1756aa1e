/**
 * The card an interaction (roll call, questionnaire, lottery...) shows in the live screen's
 * interactions region: a titled box with a close button, its state announced politely
 * (role="status" would read every countdown tick; the card's own live part decides what is
 * read). Shared look, so that every interaction reads as one family.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './interactionCard.css';

export interface InteractionCardProps {
  readonly title: string;
  /** A word on the kind of interaction, shown before the title ("签到", "问卷"). */
  readonly kind: string;
  /** Closes the card (the interaction goes on: it can still be reopened where it lives). */
  readonly onClose?: () => void;
  readonly children: ReactNode;
  /** For tests and styles: which interaction this is. */
  readonly name: string;
  readonly tone?: 'default' | 'success' | 'muted';
}

export function InteractionCard({ title, kind, onClose, children, name, tone = 'default' }: InteractionCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    // Focusable from script (tabIndex -1): the activity tray moves the focus to a card it shows again.
    <article className={`interaction-card interaction-card--${tone}`} data-interaction={name} aria-labelledby={titleId} tabIndex={-1}>
      <header className="interaction-card__header">
        <span className="interaction-card__kind">{kind}</span>
        <h2 id={titleId} className="interaction-card__title">
          {title}
        </h2>
        {onClose !== undefined && (
          <button type="button" className="interaction-card__close" aria-label={t('interaction.close', { title })} onClick={onClose}>
            ×
          </button>
        )}
      </header>
      <div className="interaction-card__body">{children}</div>
    </article>
  );
}
