import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { dismissNotice, notices } from '../state/notices';

/** Shows the notice queue; texts are looked up at render time so they follow a language switch. */
export function Toasts() {
  const { t } = useTranslation();
  const { items } = useSnapshot(notices);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {items.map((notice) => (
        <div key={notice.id} className={`toast toast--${notice.tone}`}>
          <span className="toast__text">{t(notice.key, { ...notice.params })}</span>
          <button type="button" className="toast__close" aria-label={t('common.close')} onClick={() => dismissNotice(notice.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
