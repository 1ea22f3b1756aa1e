/**
 * The text of a direct or group message, by the chat's rules: React text nodes only,
 * emoji tokens painted from the catalogue's sprite (an unknown token stays text), and
 * http(s) addresses as links that open in a new tab without handing it this page.
 */
import { tokenizeChat } from '../domain/chatCut';
import { splitLinks } from '../domain/textLinks';
import { emojiImage } from './emojiAssets';

export function MessageText({ text }: { readonly text: string }) {
  return (
    <>
      {tokenizeChat(text).map((segment, i) => {
        if (segment.kind === 'emoji') {
          const image = emojiImage(segment.name);
          if (image === null) return <span key={i}>{segment.raw}</span>;
          return <span key={i} className="message-emoji" role="img" aria-label={segment.raw} title={segment.raw} style={{ backgroundPositionX: image.spriteX }} />;
        }
        return splitLinks(segment.text).map((run, j) =>
          run.kind === 'link' ? (
            <a key={`${i}-${j}`} href={run.href} target="_blank" rel="noopener noreferrer nofollow">
              {run.text}
            </a>
          ) : (
            <span key={`${i}-${j}`}>{run.text}</span>
          ),
        );
      })}
    </>
  );
}
