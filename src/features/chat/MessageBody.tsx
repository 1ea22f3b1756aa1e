/**
 * The text of a chat message: plain runs as React text nodes, "@name" runs highlighted, and
 * emoji tokens as images of the catalogue (an unknown token stays the text "[name]").
 */
import type { ChatSegment } from '../../domain/chatCut';
import { emojiImage } from './emojiAssets';
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
        return <img key={i} className="chat-emoji" src={image.src} alt={segment.raw} title={segment.raw} draggable={false} />;
      })}
    </>
  );
}
