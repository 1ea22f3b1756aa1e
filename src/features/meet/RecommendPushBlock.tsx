/**
 * Finding a recommendation and pushing it to the room (SPEC 7.2 recommend/find and
 * recommend/push, on the commerce service as staff): a keyword (none lists them all), the
 * matches, and a push button on each; every viewer's tab shows the card (push 7121).
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateKeyword } from '../../domain/limits';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { readRecommendationMatches, type RecommendationMatch } from './consoleData';
import { ConsoleProblem } from './ConsoleProblem';
import { useHostCall } from './useHostCall';

export function RecommendPushBlock({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const ids = useId();
  const call = useHostCall();
  const [keyword, setKeyword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [matches, setMatches] = useState<{ readonly keyword: string; readonly list: readonly RecommendationMatch[] } | null>(null);
  const [pushed, setPushed] = useState<string | null>(null);

  const find = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateKeyword(keyword);
    if (!checked.ok) {
      setProblem(t(checked.error.key, { ...checked.error.params }));
      return;
    }
    setProblem(null);
    setPushed(null);
    call.run(
      () => api.commerce.recommendFind({ liveId: roomId, keyword: checked.value }),
      (data) => setMatches({ keyword: checked.value, list: readRecommendationMatches(data) }),
    );
  };
  const push = (match: RecommendationMatch) => call.run(() => api.commerce.recommendPush({ liveId: roomId, id: match.id }), () => setPushed(match.title));

  return (
    <div className="interaction-desk__block">
      <h3 className="console-card__subtitle">{t('console.recommend.title')}</h3>
      <form className="interaction-desk__row" role="search" onSubmit={find}>
        <label htmlFor={`${ids}-q`} className="visually-hidden">
          {t('console.recommend.keyword')}
        </label>
        <input
          id={`${ids}-q`}
          type="search"
          className="form-field__input interaction-desk__grow"
          placeholder={t('console.recommend.keywordHint')}
          value={keyword}
          aria-invalid={problem !== null}
          onChange={(event) => {
            setKeyword(event.target.value);
            setProblem(null);
          }}
        />
        <button type="submit" className="button" disabled={call.busy}>
          {t('console.recommend.find')}
        </button>
      </form>
      {problem !== null && (
        <p className="console-card__problem" role="alert">
          {problem}
        </p>
      )}
      {matches !== null &&
        (matches.list.length === 0 ? (
          <p className="console-card__empty">{matches.keyword === '' ? t('console.recommend.none') : t('console.recommend.noMatch', { keyword: matches.keyword })}</p>
        ) : (
          <ul className="console-list" aria-label={t('console.recommend.matches')}>
            {matches.list.map((match) => (
              <li key={match.id} className="console-list__row">
                <bdi className="interaction-desk__grow">{match.title}</bdi>
                <button type="button" className="button" disabled={call.busy} aria-label={t('console.recommend.pushOf', { title: match.title })} onClick={() => push(match)}>
                  {t('console.act.push')}
                </button>
              </li>
            ))}
          </ul>
        ))}
      {pushed !== null && (
        <p className="console-card__note" role="status">
          {t('console.recommend.pushed', { title: pushed })}
        </p>
      )}
      <ConsoleProblem text={call.failure} />
    </div>
  );
}
