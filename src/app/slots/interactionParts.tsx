/**
 * The parts app/slots/interactionSlots.tsx puts on the live screen, in a chunk of their own
 * (the guide page's script carries only the slot table): each interaction feature, shown
 * only to a viewer who has entered the room, since their calls need the room's login (a
 * visitor without one would meet 402s). The nickname gate a lottery and connect-mic need (SPEC 5) belongs
 * to the entry feature and is handed in here.
 */
import { Fragment, useEffect, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { nicknameIsSet, requireNickname } from '../../features/entry';
import { ActivityTray } from '../../features/activity';
import { AnswerSheetCard } from '../../features/answersheet';
import { DelayChargeGate } from '../../features/delaycharge';
import { DocShareView } from '../../features/docshare';
import { GiftButton, GiftEffects } from '../../features/gifts';
import { InviteButton } from '../../features/poster';
import { useMarketOffers } from '../../state/useMarketOffers';
import { roomOffers } from '../../state/roomOffers';
import { GroupsPanel, GroupsUnreadBadge } from '../../features/groups';
import { GoodsTab as GoodsPanel, PushedCard, PushedItem, RecommendTab as RecommendPanel } from '../../features/goods';
import { LotteryCard, LotteryReplayCard, type NicknameGate } from '../../features/lottery';
import { MicControl } from '../../features/mic';
import { RedPacketCard } from '../../features/redpacket';
import { PaperCard, PaperList, PaperPractice } from '../../features/paper';
import { ReplayCards, ReplayTab as ReplayTabPanel, ReplayTimelineLoader, type ReplayCardRenderers } from '../../features/replay';
import { QaPanel } from '../../features/qa';
import { RollCallCard } from '../../features/rollcall';
import { useRoomActivity } from '../../state/roomActivity';
import { session } from '../../state/session';
import { replayTimeline, timelineOf } from '../../state/replayTimeline';
import { conversationActions } from '../../state/realtimeConnection';

const nickname: NicknameGate = { isSet: nicknameIsSet, require: requireNickname };

/** Its children once the viewer has entered this room (a login for it). */
function Entered({ roomId, children }: { readonly roomId: string; readonly children: ReactNode }) {
  const { liveToken, currentRoomId } = useSnapshot(session);
  return liveToken !== null && currentRoomId === roomId ? children : null;
}

/** The cards by their activity slot (ui/InteractionCard's name), in the order they are listed when none has arrived yet. */
const CARDS: readonly { readonly slot: string; readonly card: (roomId: string) => ReactNode }[] = [
  { slot: 'rollCall', card: (roomId) => <RollCallCard roomId={roomId} /> },
  { slot: 'paper', card: (roomId) => <PaperCard roomId={roomId} /> },
  { slot: 'answerSheet', card: (roomId) => <AnswerSheetCard roomId={roomId} /> },
  { slot: 'lottery', card: (roomId) => <LotteryCard roomId={roomId} nickname={nickname} /> },
  { slot: 'redpacket', card: (roomId) => <RedPacketCard roomId={roomId} /> },
  { slot: 'pushed', card: (roomId) => <PushedCard roomId={roomId} /> },
];

export function InteractionCards({ roomId }: { readonly roomId: string }) {
  // While the room's recording replays its timeline, the cards are the recording's (ReplayInteractions), not the room's now.
  const replaying = timelineOf(useSnapshot(replayTimeline).current, roomId) !== null;
  const activity = useRoomActivity(roomId);
  // The newest first (arrived, or shown again from the tray), keyed so a card moving up keeps
  // its state and the DOM order is the eye's; the region then goes back to its start, so what
  // just came is in view however many are open (a column on wide screens, a row on phones).
  const raised = new Map(activity.filter((entry) => entry.current).map((entry) => [entry.slot, entry.raised]));
  const ordered = [...CARDS].sort((a, b) => (raised.get(b.slot) ?? 0) - (raised.get(a.slot) ?? 0));
  const newestSlot = ordered[0]?.slot ?? '';
  const newestRaised = raised.get(newestSlot) ?? 0;
  useEffect(() => {
    if (newestRaised === 0) return;
    const frame = requestAnimationFrame(() => document.querySelector(`[data-interaction="${newestSlot}"]`)?.parentElement?.scrollTo({ top: 0, left: 0 }));
    return () => cancelAnimationFrame(frame);
  }, [newestRaised, newestSlot]);
  if (replaying) return null;
  return <Entered roomId={roomId}>{ordered.map(({ slot, card }) => <Fragment key={`${slot}-${roomId}`}>{card(roomId)}</Fragment>)}</Entered>;
}

export function SharedDocument({ roomId }: { readonly roomId: string }) {
  return (
    <Entered roomId={roomId}>
      <DocShareView key={roomId} roomId={roomId} />
    </Entered>
  );
}

/** The toolbar's activity tray (issue 42), connect-mic (issue 15), gift button and invite button, with their dialogs (issue 14). */
export function Gifts({ roomId }: { readonly roomId: string }) {
  // The room's commerce offers (market config): tabs and buttons of what it does not offer go.
  useMarketOffers(roomId);
  const posters = useSnapshot(roomOffers).withheld[roomId]?.posters !== true;
  return (
    <Entered roomId={roomId}>
      <ActivityTray key={`activity-${roomId}`} roomId={roomId} />
      <MicControl key={`mic-${roomId}`} roomId={roomId} nickname={nickname} />
      <GiftButton key={roomId} roomId={roomId} />
      {posters && <InviteButton key={`invite-${roomId}`} roomId={roomId} />}
    </Entered>
  );
}

/** Over the player: the gifts the room sends, and delayed charging (the free time left, then the price). */
export function GiftOverlay({ roomId }: { readonly roomId: string }) {
  return (
    <Entered roomId={roomId}>
      <GiftEffects key={roomId} roomId={roomId} />
      <DelayChargeGate key={`delay-${roomId}`} roomId={roomId} />
    </Entered>
  );
}

export function GoodsTab({ roomId }: { readonly roomId: string }) {
  return (
    <Entered roomId={roomId}>
      <GoodsPanel key={roomId} roomId={roomId} />
    </Entered>
  );
}

export function RecommendTab({ roomId }: { readonly roomId: string }) {
  return (
    <Entered roomId={roomId}>
      <RecommendPanel key={roomId} roomId={roomId} />
    </Entered>
  );
}

/** The room's questionnaires and quizzes (paper publishing list), each opened in the paper card. */
export function PapersTab({ roomId }: { readonly roomId: string }) {
  return (
    <Entered roomId={roomId}>
      <PaperList roomId={roomId} />
    </Entered>
  );
}

export function QaTab({ roomId }: { readonly roomId: string }) {
  return (
    <Entered roomId={roomId}>
      <QaPanel roomId={roomId} />
    </Entered>
  );
}

/** The groups tab (issue 16): the organisation sign-in, then the account's conversations and groups. */
export function GroupsTab({ roomId }: { readonly roomId: string }) {
  return (
    <Entered roomId={roomId}>
      <GroupsPanel key={roomId} roomId={roomId} actions={conversationActions} />
    </Entered>
  );
}

/** The groups tab's count of unread messages and invitations to answer, beside its label. */
export function GroupsBadge({ roomId }: { readonly roomId: string }) {
  return (
    <Entered roomId={roomId}>
      <GroupsUnreadBadge roomId={roomId} />
    </Entered>
  );
}

/**
 * A recording's timeline (issue 36): loaded while the room's replay plays; its cards at
 * their moments, drawn by the features that own each kind where acting still means
 * something (a quiz tried in the page, a lottery's verification, goods that still sell).
 */
const replayCards: ReplayCardRenderers = {
  paper: ({ event, when, onClose }) => <PaperPractice paper={event.paper} quiz={event.quiz} title={event.title} when={when} onClose={onClose} />,
  lottery: ({ event, when, onClose }) => (
    <LotteryReplayCard
      raffleId={event.raffleId}
      drawn={event.state === 'end'}
      title={event.title}
      prize={event.prize}
      winnerCount={event.winnerCount}
      winners={event.winners}
      seedHash={event.seedHash}
      entrantsHash={event.entrantsHash}
      when={when}
      onClose={onClose}
    />
  ),
  goods: ({ roomId, event, when, onClose }) => <PushedItem roomId={roomId} kind={event.goodsKind} id={event.id} when={when} onClose={onClose} />,
};

export function ReplayTimeline({ roomId }: { readonly roomId: string }) {
  return (
    <Entered roomId={roomId}>
      <ReplayTimelineLoader key={roomId} roomId={roomId} />
    </Entered>
  );
}

export function ReplayInteractions({ roomId }: { readonly roomId: string }) {
  return (
    <Entered roomId={roomId}>
      <ReplayCards key={roomId} roomId={roomId} renderers={replayCards} />
    </Entered>
  );
}

export function ReplayGuide({ roomId }: { readonly roomId: string }) {
  return (
    <Entered roomId={roomId}>
      <ReplayTabPanel key={roomId} roomId={roomId} />
    </Entered>
  );
}
