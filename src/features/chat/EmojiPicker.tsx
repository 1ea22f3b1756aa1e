/**
 * The emoji grid: each button inserts its "[name]" token at the composer's caret. One tab
 * stop (a roving tabindex): the arrow keys move in the grid as it is laid out, Home and End
 * go to its ends, Enter or Space picks, Escape closes it (the composer gives the focus back
 * to its emoji button). It takes the focus when it opens.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMOJI_IMAGES } from '../../ui/emojiAssets';

export interface EmojiPickerProps {
  readonly onPick: (token: string) => void;
  readonly onClose?: () => void;
}

/** How many buttons the grid's first row holds (the grid fills its width: auto-fill columns). */
function columnsOf(grid: HTMLElement): number {
  const items = grid.children;
  const top = (items[0] as HTMLElement | undefined)?.offsetTop;
  let n = 0;
  while (n < items.length && (items[n] as HTMLElement).offsetTop === top) n++;
  return Math.max(1, n);
}

export function EmojiPicker({ onPick, onClose }: EmojiPickerProps) {
  const { t } = useTranslation();
  const grid = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const last = EMOJI_IMAGES.length - 1;
  // Opened, it has the focus: the grid follows the toolbar, a keyboard user would tab past the rest to reach it.
  useEffect(() => {
    (grid.current?.children[0] as HTMLElement | undefined)?.focus({ preventScroll: true });
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const element = grid.current;
    if (element === null) return;
    const columns = columnsOf(element);
    const moves: Readonly<Record<string, number>> = { ArrowRight: active + 1, ArrowLeft: active - 1, ArrowDown: active + columns, ArrowUp: active - columns, Home: 0, End: last };
    const to = moves[event.key];
    if (event.key === 'Escape' && onClose !== undefined) {
      event.preventDefault();
      onClose();
      return;
    }
    if (to === undefined) return;
    event.preventDefault();
    const next = Math.min(last, Math.max(0, to));
    setActive(next);
    (element.children[next] as HTMLElement | undefined)?.focus();
  };

  return (
    <div ref={grid} className="chat-emoji-picker" role="group" aria-label={t('chat.composer.emojiPicker')} onKeyDown={onKeyDown}>
      {EMOJI_IMAGES.map((emoji, index) => (
        <button
          key={emoji.name}
          type="button"
          className="chat-emoji-picker__item"
          title={emoji.token}
          tabIndex={index === active ? 0 : -1}
          onFocus={() => setActive(index)}
          onClick={() => onPick(emoji.token)}
        >
          <img src={emoji.src} alt={emoji.token} draggable={false} />
        </button>
      ))}
    </div>
  );
}
