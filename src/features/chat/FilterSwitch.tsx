/** The chat filters of SPEC 6 as a row of toggle buttons. */
import { useTranslation } from 'react-i18next';
import { CHAT_FILTERS, type ChatFilter } from '../../realtime/filters';

export interface FilterSwitchProps {
  readonly value: ChatFilter;
  readonly onChange: (filter: ChatFilter) => void;
}

/** Literal keys, so the locale test sees each one used. */
function useFilterLabels(): Record<ChatFilter, string> {
  const { t } = useTranslation();
  return {
    all: t('chat.filter.all'),
    mine: t('chat.filter.mine'),
    staff: t('chat.filter.staff'),
    mentions: t('chat.filter.mentions'),
  };
}

export function FilterSwitch({ value, onChange }: FilterSwitchProps) {
  const { t } = useTranslation();
  const labels = useFilterLabels();
  return (
    <div className="chat-filter" role="group" aria-label={t('chat.filter.label')}>
      {CHAT_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          className="chat-filter__option"
          aria-pressed={filter === value}
          data-filter={filter}
          onClick={() => {
            if (filter !== value) onChange(filter);
          }}
        >
          {labels[filter]}
        </button>
      ))}
    </div>
  );
}
