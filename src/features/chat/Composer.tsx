/**
 * The message composer: textarea (Enter sends, Shift+Enter is a new line, nothing is sent
 * while an input method is composing), emoji picker, picture button, quote and mention
 * chips, the units left before the cut, and why sending is not possible when it is not.
 * The draft itself lives in the panel (rows add quotes and mentions to it).
 */
import { useLayoutEffect, useRef, useState, type Dispatch, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComposerAvailability } from './composerAvailability';
import { remainingUnits, type Draft, type DraftAction } from './composerDraft';
import { availabilityNotes, blockText } from './composerNotes';
import { EmojiPicker } from './EmojiPicker';

/** Show the count of units left only near the limit: it is noise for short messages. */
const SHOW_REMAINING_BELOW = 100;
const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,.png,.jpg,.jpeg,.gif,.webp';

export interface Feedback {
  readonly tone: 'info' | 'error';
  readonly text: string;
}

export interface ComposerProps {
  readonly draft: Draft;
  readonly dispatch: Dispatch<DraftAction>;
  readonly textareaRef: RefObject<HTMLTextAreaElement | null>;
  readonly availability: ComposerAvailability;
  /** A send or an upload is under way. */
  readonly busy: 'sending' | 'uploading' | null;
  readonly feedback: Feedback | null;
  readonly onSend: () => void;
  readonly onPickImage: (file: File) => void;
  /** Beside the tools (the console's "pin" choice for the host side's message). */
  readonly extraTools?: ReactNode;
}

function selectionOf(textarea: HTMLTextAreaElement | null) {
  return textarea === null ? null : { start: textarea.selectionStart, end: textarea.selectionEnd };
}

export function Composer({ draft, dispatch, textareaRef, availability, busy, feedback, onSend, onPickImage, extraTools }: ComposerProps) {
  const { t } = useTranslation();
  const [emojiOpen, setEmojiOpen] = useState(false);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const blocked = availability.block !== null;
  const remaining = remainingUnits(draft.text);
  const notes = availabilityNotes(availability, t);

  // After an insertion (emoji, mention) the caret goes after the inserted text.
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (draft.caret === null || textarea === null || textarea.disabled) return;
    textarea.focus();
    textarea.setSelectionRange(draft.caret, draft.caret);
  }, [draft.caret, draft.text, textareaRef]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blocked && busy === null) onSend();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // A pick puts the caret back in the text: Escape there closes the emoji grid too.
    if (event.key === 'Escape' && emojiOpen) {
      event.preventDefault();
      setEmojiOpen(false);
      return;
    }
    // keyCode 229: some browsers report Enter of an input method that way while composing.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    if (!blocked && busy === null) onSend();
  };

  return (
    <form className="chat-composer" onSubmit={submit} data-block={availability.block ?? undefined}>
      {blocked && (
        <p className="chat-composer__blocked" role="status" data-block={availability.block ?? undefined}>
          {blockText(availability.block!, t)}
        </p>
      )}
      {notes.map((note) => (
        <p key={note} className="chat-composer__note">
          {note}
        </p>
      ))}
      {draft.quote !== null && (
        <div className="chat-composer__chip chat-composer__chip--quote">
          <span className="chat-composer__chip-text">{t('chat.composer.quoting', { name: draft.quote.name })}</span>
          <span className="chat-composer__chip-detail">{draft.quote.chatContent}</span>
          <button type="button" className="chat-composer__chip-remove" onClick={() => dispatch({ type: 'cancelQuote' })} aria-label={t('chat.composer.cancelQuote')}>
            ×
          </button>
        </div>
      )}
      {draft.mentions.length > 0 && (
        <ul className="chat-composer__mentions" aria-label={t('chat.composer.mentions')}>
          {draft.mentions.map((mention) => (
            <li key={mention.uid} className="chat-composer__chip chat-composer__chip--mention">
              <span className="chat-composer__chip-text">
                @<bdi>{mention.name}</bdi>
              </span>
              <button
                type="button"
                className="chat-composer__chip-remove"
                onClick={() => dispatch({ type: 'removeMention', uid: mention.uid })}
                aria-label={t('chat.composer.removeMention', { name: mention.name })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <textarea
        ref={textareaRef}
        className="chat-composer__input"
        aria-label={t('chat.composer.label')}
        placeholder={t('chat.composer.placeholder')}
        rows={2}
        value={draft.text}
        disabled={blocked}
        readOnly={busy === 'sending'}
        onChange={(event) => dispatch({ type: 'edit', text: event.target.value, caret: null })}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer__toolbar">
        <button
          ref={emojiButton}
          type="button"
          className="chat-composer__tool"
          aria-expanded={emojiOpen}
          disabled={blocked}
          onClick={() => setEmojiOpen((open) => !open)}
        >
          {t('chat.composer.emoji')}
        </button>
        <button
          type="button"
          className="chat-composer__tool"
          disabled={!availability.pictures || busy !== null}
          title={availability.pictures ? undefined : t('chat.composer.imageDisabled')}
          onClick={() => fileInput.current?.click()}
        >
          {busy === 'uploading' ? t('chat.composer.uploading') : t('chat.composer.image')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so choosing the same file again still fires change.
            event.target.value = '';
            if (file !== undefined) onPickImage(file);
          }}
        />
        {extraTools}
        {remaining < SHOW_REMAINING_BELOW && (
          <span className={`chat-composer__remaining${remaining < 0 ? ' chat-composer__remaining--over' : ''}`} aria-live="polite">
            {remaining < 0 ? t('chat.composer.over', { n: -remaining }) : t('chat.composer.remaining', { n: remaining })}
          </span>
        )}
        <button type="submit" className="button button--primary chat-composer__send" disabled={blocked || busy !== null}>
          {busy === 'sending' ? t('chat.composer.sending') : t('chat.composer.send')}
        </button>
      </div>
      {emojiOpen && !blocked && (
        <EmojiPicker
          onPick={(token) => dispatch({ type: 'insert', text: token, at: selectionOf(textareaRef.current) })}
          onClose={() => {
            setEmojiOpen(false);
            emojiButton.current?.focus();
          }}
        />
      )}
      {feedback !== null && (
        <p className={`chat-composer__feedback chat-composer__feedback--${feedback.tone}`} role={feedback.tone === 'error' ? 'alert' : 'status'}>
          {feedback.text}
        </p>
      )}
    </form>
  );
}
