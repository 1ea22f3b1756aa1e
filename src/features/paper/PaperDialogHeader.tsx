/** The head of a paper's dialog: its kind, its title (the dialog's name) and a close. */
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';

export function PaperDialogHeader({ kind, title, titleId, onClose }: { readonly kind: string; readonly title: string; readonly titleId: string; readonly onClose: () => void }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  return (
    <header className="paper-dialog__header">
      <span className="interaction-card__kind">{kind}</span>
      <h2 id={titleId} className="paper-dialog__title">
        {title}
      </h2>
      <button type="button" className="paper-dialog__close" aria-label={t('paper.closeForm')} onClick={onClose}>
        ×
      </button>
    </header>
  );
}
