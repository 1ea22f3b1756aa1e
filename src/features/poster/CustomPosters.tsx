/**
 * The viewer's own posters (SPEC 7.2 poster custom list and custom create): a poster in
 * their own words and colours, with an invite link of its own (so its invitations count for
 * them like the room's poster's), and the ones made before, to use again. The words are
 * checked here as the server checks them (a title, at most 40 characters; a line of at most
 * 200), so a refusal is said before anything is sent.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { failureText } from '../../ui/failureText';
import { CUSTOM_POSTER_LIMITS, readCustomPoster, readCustomPosters, type CustomPoster } from './posterData';

const length = (text: string): number => [...text].length;

export interface CustomPostersProps {
  readonly roomId: string;
  /** The poster shown now: null is the room's own. */
  readonly chosenId: string | null;
  onChoose(poster: CustomPoster | null): void;
}

export function CustomPosters({ roomId, chosenId, onChoose }: CustomPostersProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const ids = useId();
  const [list, setList] = useState<readonly CustomPoster[] | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [colour, setColour] = useState('#2081eb');
  const [background, setBackground] = useState('#ffffff');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api.commerce.posterCustomList({ liveId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => setList(readCustomPosters(data)),
      () => setList([]), // none to offer: making one still works
    );
    return () => controller.abort();
  }, [api, roomId]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    const words = { title: title.trim(), text: text.trim() };
    if (words.title === '') return setProblem(t('poster.custom.titleRequired'));
    if (length(words.title) > CUSTOM_POSTER_LIMITS.title) return setProblem(t('poster.custom.titleTooLong', { max: CUSTOM_POSTER_LIMITS.title }));
    if (length(words.text) > CUSTOM_POSTER_LIMITS.text) return setProblem(t('poster.custom.textTooLong', { max: CUSTOM_POSTER_LIMITS.text }));
    setProblem(null);
    setBusy(true);
    api.commerce.posterCustomCreate({ liveId: roomId, content: { ...words, colour, background } }).then(
      (data) => {
        setBusy(false);
        const made = readCustomPoster(data);
        if (made === null) return setProblem(t('poster.failed'));
        setList((now) => [made, ...(now ?? []).filter((p) => p.id !== made.id)]);
        setTitle('');
        setText('');
        onChoose(made);
      },
      (error: unknown) => {
        setBusy(false);
        setProblem(failureText(error, t));
      },
    );
  };

  return (
    <section className="poster-custom" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{t('poster.custom.title')}</h3>
      <form className="poster-custom__form" onSubmit={create} noValidate>
        <label className="poster-custom__field">
          {t('poster.custom.heading')}
          <input className="form-field__input" value={title} aria-invalid={problem !== null && title.trim() === ''} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label className="poster-custom__field">
          {t('poster.custom.line')}
          <input className="form-field__input" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <div className="poster-custom__colours">
          <label className="poster-custom__colour">
            {t('poster.custom.colour')}
            <input type="color" value={colour} onChange={(e) => setColour(e.target.value)} />
          </label>
          <label className="poster-custom__colour">
            {t('poster.custom.background')}
            <input type="color" value={background} onChange={(e) => setBackground(e.target.value)} />
          </label>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('poster.custom.create')}
          </button>
        </div>
        {problem !== null && (
          <p className="poster-custom__problem" role="alert">
            {problem}
          </p>
        )}
      </form>
      {list !== null && list.length > 0 && (
        <ul className="poster-custom__list" aria-label={t('poster.custom.mine')}>
          <li>
            <button type="button" className="button poster-custom__choice" aria-pressed={chosenId === null} onClick={() => onChoose(null)}>
              {t('poster.custom.roomPoster')}
            </button>
          </li>
          {list.map((poster) => (
            <li key={poster.id}>
              <button type="button" className="button poster-custom__choice" aria-pressed={chosenId === poster.id} onClick={() => onChoose(poster)}>
                <span className="poster-custom__swatch" style={{ background: poster.look.colour }} aria-hidden="true" />
                <bdi>{poster.look.title}</bdi>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
