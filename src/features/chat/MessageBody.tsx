/**
 * The text of a chat message: plain runs as React text nodes, "@name" runs highlighted, and
 * emoji tokens as images of the catalogue (an unknown token stays the text "[name]"),
 * painted from the one sprite (an element with role img, named by its token) rather than
 * an <img> each: a picture element per emoji costs the browser a resource and, for SVG, a
 * document of its own, in every update of a busy chat.
 */
import type { ChatSegment } from '../../domain/chatCut';
import { emojiImage } from '../../ui/emojiAssets';
import { splitMentions } from './mentions';

function TextRun({ text }: { readonly text: string }) {
  const runs = splitMentions(text);
  if (runs.length === 1 && runs[0]!.kind === 'text') return <>{text}</>;
  return (
    <>
      {runs.map((run, i) =>
        run.kind === 'mention' ? (
          <span key={i} className="chat-mention">
            {run.text}
          </span>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </>
  );
}

export function MessageBody({ segments }: { readonly segments: readonly ChatSegment[] }) {
  return (
    <>
      {segments.map((segment, i) => {
        if (segment.kind === 'text') return <TextRun key={i} text={segment.text} />;
        const image = emojiImage(segment.name);
        if (image === null) return <span key={i}>{segment.raw}</span>;
        return <span key={i} className="message-emoji" role="img" aria-label={segment.raw} title={segment.raw} style={{ backgroundPositionX: image.spriteX }} />;
      })}
    </>
  );
}
