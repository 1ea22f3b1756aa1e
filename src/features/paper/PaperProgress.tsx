/** How far the viewer is through a paper: answered of all, as words and as a bar. */
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';

export function PaperProgress({ done, total }: { readonly done: number; readonly total: number }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const words = t('paper.progress', { done, total });
  return (
    <div className="paper-dialog__progress">
      <span>{words}</span>
      <progress max={Math.max(1, total)} value={done} aria-label={words} />
    </div>
  );
}
