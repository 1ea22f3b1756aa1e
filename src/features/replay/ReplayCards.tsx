/**
 * The room's interactions as the recording reaches them (issue 36 item 2): each one that had
 * happened by the recording's moment, as it then stood, in the interactions region, most
 * recent first. Acting on them is over: a roll call, a red packet, an answer sheet or a
 * question is a "took place at" card with what it was; a quiz (the paper feature), a
 * lottery with its verification (the lottery feature) and pushed goods (the goods feature)
 * are drawn by their features, handed in by the app (features do not import each other).
 * Every card says when it happened and goes back there.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { cardsAt, firstSeenAt, interactionKey, nextChangeAt, positionOfTime, type InteractionEvent, type ReplayEvent } from '../../domain/replayTimeline';
import { clockText } from '../../domain/mediaTime';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { replayTimeline, requestReplaySeek, timelineOf } from '../../state/replayTimeline';
import { InteractionCard } from '../../ui/InteractionCard';
import { useReplayMoment, type ReplayMoment } from '../../ui/useReplayMoment';
import './replay.css';

/** What a card's feature needs to draw it: the event as it stood, and when it first happened. */
export interface ReplayCardProps<E extends InteractionEvent = InteractionEvent> {
  readonly roomId: string;
  readonly event: E;
  /** The "took place" line (time, position, go there). */
  readonly when: ReactNode;
  readonly onClose: () => void;
}

export type ReplayCardRenderers = {
  readonly [K in InteractionEvent['kind']]?: (props: ReplayCardProps<Extract<InteractionEvent, { kind: K }>>) => ReactNode;
};

const NO_EVENTS: readonly ReplayEvent[] = [];

/** Cards shown at once (older ones are in the chapter list). */
export const REPLAY_CARDS_SHOWN = 3;

export function ReplayCards({ roomId, renderers = {} }: { readonly roomId: string; readonly renderers?: ReplayCardRenderers }) {
  const timeline = timelineOf(useSnapshot(replayTimeline).current, roomId);
  const events = timeline?.events ?? NO_EVENTS;
  const next = useCallback((moment: number) => nextChangeAt(events, moment), [events]);
  const moment = useReplayMoment(roomId, next);
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  if (timeline === null || moment === null || timeline.status !== 'ready') return null;
  const cards = cardsAt(events, moment.moment, REPLAY_CARDS_SHOWN + closed.size).filter((card) => !closed.has(interactionKey(card))).slice(0, REPLAY_CARDS_SHOWN);
  return (
    <>
      {cards.map((card) => {
        const key = interactionKey(card);
        const props = {
          roomId,
          event: card,
          when: <TookPlace events={events} eventKey={key} moment={moment} />,
          onClose: () => setClosed((set) => new Set(set).add(key)),
        };
        const render = renderers[card.kind] as ((p: ReplayCardProps) => ReactNode) | undefined;
        return (
          <div key={key} className="replay-card-slot">
            {render !== undefined ? render(props) : <PastCard {...props} />}
          </div>
        );
      })}
    </>
  );
}

function TookPlace({ events, eventKey, moment }: { readonly events: readonly ReplayEvent[]; readonly eventKey: string; readonly moment: ReplayMoment }) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const at = firstSeenAt(events, eventKey);
  if (at === null) return null;
  const position = positionOfTime(at, moment.startedAt, moment.offsetS);
  const time = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { hour: '2-digit', minute: '2-digit' }).format(at);
  return (
    <p className="replay-card__when">
      <span>{t('replay.tookPlace', { time })}</span>
      <button type="button" className="interaction-link replay-card__seek" onClick={() => requestReplaySeek(position)} aria-label={t('replay.seekTo', { position: clockText(position) })}>
        {clockText(position)}
      </button>
    </p>
  );
}

/** A card for what cannot be joined any more: what it was, and that it is over. */
function PastCard({ event, when, onClose }: ReplayCardProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  switch (event.kind) {
    case 'rollCall':
      return (
        <InteractionCard name="replay-rollcall" kind={t('rollCall.kind')} title={t('rollCall.title')} tone="muted" onClose={onClose}>
          {when}
          <p className="replay-card__note">{t('replay.rollCallPast', { seconds: Math.max(0, Math.round((event.deadline - event.at) / 1000)) })}</p>
        </InteractionCard>
      );
    case 'redPacket':
      return (
        <InteractionCard name="replay-redpacket" kind={t('redPacket.kind')} title={event.title || t('redPacket.untitled')} tone="muted" onClose={onClose}>
          {when}
          <p className="replay-card__note">{t('replay.redPacketShares', { count: event.count, total: event.total })}</p>
          <p className="replay-card__note">{event.state === 2 ? t('redPacket.out') : t('replay.redPacketPast')}</p>
        </InteractionCard>
      );
    case 'question':
      return (
        <InteractionCard name="replay-question" kind={t('replay.questionKind')} title={event.content} tone="muted" onClose={onClose}>
          {when}
          <p className="replay-card__note">{t('replay.askedBy', { name: event.name })}</p>
          {event.answer !== '' && <p className="replay-card__answer">{event.answer}</p>}
        </InteractionCard>
      );
    case 'answerSheet':
      return (
        <InteractionCard name="replay-answersheet" kind={t('answerSheet.kind')} title={event.title} tone="muted" onClose={onClose}>
          {when}
          <p className="replay-card__note">{t('replay.pastNote')}</p>
        </InteractionCard>
      );
    case 'paper':
      return (
        <InteractionCard name="replay-paper" kind={event.quiz ? t('paper.kindQuiz') : t('paper.kindQuestionnaire')} title={event.title} tone="muted" onClose={onClose}>
          {when}
          <p className="replay-card__note">{t('replay.pastNote')}</p>
        </InteractionCard>
      );
    case 'lottery':
      return (
        <InteractionCard name="replay-lottery" kind={t('lottery.kind')} title={event.title} tone="muted" onClose={onClose}>
          {when}
          <p className="replay-card__note">{event.state === 'end' ? event.winners.map((w) => w.name).join(', ') : t('replay.pastNote')}</p>
        </InteractionCard>
      );
    case 'goods':
      return (
        <InteractionCard name="replay-goods" kind={t('goods.pushedKind')} title={event.title} tone="muted" onClose={onClose}>
          {when}
        </InteractionCard>
      );
  }
}
