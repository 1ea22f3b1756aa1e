/** The emoji grid: each button inserts its "[name]" token at the composer's caret. */
import { useTranslation } from 'react-i18next';
import { EMOJI_IMAGES } from '../../ui/emojiAssets';

export interface EmojiPickerProps {
  readonly onPick: (token: string) => void;
}

export function EmojiPicker({ onPick }: EmojiPickerProps) {
  const { t } = useTranslation();
  return (
    <div className="chat-emoji-picker" role="group" aria-label={t('chat.composer.emojiPicker')}>
      {EMOJI_IMAGES.map((emoji) => (
        <button key={emoji.name} type="button" className="chat-emoji-picker__item" title={emoji.token} onClick={() => onPick(emoji.token)}>
          <img src={emoji.src} alt={emoji.token} draggable={false} />
        </button>
      ))}
    </div>
  );
}
