/**
 * The lottery card's data for one room: the round the host started or drew (the room's 7113
 * push through the worker; for a late joiner or a reload, the open round of the room's
 * record), the viewer's machine in it (domain/lottery), a password join in any tab (the
 * room's acted notes), and the actions.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { validateLotteryPassword } from '../../domain/limits';
import { enterLottery, phaseFromRecord, stepLottery, type LotteryEvent, type LotteryModel, type LotteryPhase, type LotteryRound } from '../../domain/lottery';
import type { Problem } from '../../domain/result';
import { lotteryActivity } from '../../domain/roomActivity';
import { useApi } from '../../state/apiContext';
import { useActivityCard } from '../../state/roomActivity';
import { noteActed } from '../../state/realtimeConnection';
import { useRoomStateKey } from '../../state/roomFeed';
import { session } from '../../state/session';
import { failureText } from '../../ui/failureText';
import { useSubmitGuard } from '../../ui/useSubmitGuard';
import type { Commitments } from './DrawVerification';
import { lotteryActedKey, readLotteryRecord, type RecordedRound } from './lotteryData';

type CommitmentsSeen = Readonly<Record<string, Commitments>>;

/** The first commitments this page saw for each round: a later push cannot swap them. */
function noteCommitments(known: CommitmentsSeen, seen: Commitments & { readonly raffleId: string }): CommitmentsSeen {
  const before = known[seen.raffleId];
  const next = { seedHash: before?.seedHash ?? seen.seedHash, entrantsHash: before?.entrantsHash ?? seen.entrantsHash };
  return before !== undefined && before.seedHash === next.seedHash && before.entrantsHash === next.entrantsHash ? known : { ...known, [seen.raffleId]: next };
}

const NO_COMMITMENTS: Commitments = { seedHash: null, entrantsHash: null };

/** SPEC 5's nickname gate, handed in by the screen (it belongs to the entry feature). */
export interface NicknameGate {
  isSet(): boolean;
  /** Opens the nickname prompt when needed; true once a nickname is set. */
  require(): Promise<boolean>;
}

type Action = { readonly type: 'show'; readonly round: LotteryRound; readonly phase: LotteryPhase } | LotteryEvent;

function reduce(model: LotteryModel | null, action: Action): LotteryModel | null {
  if (action.type === 'show') {
    if (model !== null && model.round.raffleId === action.round.raffleId) return model;
    return { round: action.round, phase: action.phase, winners: [], failure: null };
  }
  return model === null ? null : stepLottery(model, action);
}

export interface LotteryView {
  readonly model: LotteryModel | null;
  readonly passwordProblem: Problem | null;
  readonly dismissed: boolean;
  /** What the room committed to for this round before its draw (for "verify the draw"). */
  readonly committed: Commitments;
  join(password: string): void;
  setNickname(): void;
  dismiss(): void;
}

export function useLottery(roomId: string, nickname: NicknameGate): LotteryView {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const guard = useSubmitGuard();
  const pushed = useRoomStateKey(roomId, 'lottery');
  const actedNotes = useRoomStateKey(roomId, 'acted');
  const [record, setRecord] = useState<readonly RecordedRound[] | null>(null);
  const [model, dispatch] = useReducer(reduce, null);
  const [passwordProblem, setPasswordProblem] = useState<Problem | null>(null);
  const [commitments, commit] = useReducer(noteCommitments, {});

  // A late joiner, a reload: the room's record says which round is open and where the viewer is in it.
  useEffect(() => {
    const controller = new AbortController();
    api.live.raffleRecord({ webcastId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => setRecord(readLotteryRecord(data)),
      () => setRecord([]), // the next push still brings the next round
    );
    return () => controller.abort();
  }, [api, roomId]);

  useEffect(() => {
    if (record === null) return;
    if (pushed === null) {
      const open = record.find((r) => r.open);
      const phase = open === undefined ? null : phaseFromRecord(open.myState, open.round);
      if (open !== undefined && phase !== null) dispatch({ type: 'show', round: open.round, phase });
      return;
    }
    commit({ raffleId: pushed.raffleId, seedHash: pushed.seedHash, entrantsHash: pushed.entrantsHash });
    const recorded = record.find((r) => r.round.raffleId === pushed.raffleId);
    const round: LotteryRound = recorded?.round ?? {
      raffleId: pushed.raffleId,
      title: pushed.title ?? '',
      prize: pushed.prize ?? '',
      winnerCount: pushed.winnerCount,
      password: pushed.password,
    };
    const known = recorded === undefined ? null : phaseFromRecord(recorded.myState, round);
    dispatch({ type: 'show', round, phase: known ?? enterLottery(round, nickname.isSet()).phase });
    if (pushed.state === 'end') dispatch({ type: 'drawn', winners: pushed.winners, me: session.userId });
  }, [record, pushed, nickname]);

  // Joined with the password in another tab.
  const raffleId = model?.round.raffleId ?? null;
  const joinedElsewhere = raffleId !== null && actedNotes?.[lotteryActedKey(raffleId)] !== undefined;
  useEffect(() => {
    if (joinedElsewhere) dispatch({ type: 'joinedElsewhere' });
  }, [joinedElsewhere]);

  const setNickname = useCallback(() => {
    void nickname.require().then((ok) => {
      if (ok) dispatch({ type: 'nicknameSet' });
    });
  }, [nickname]);

  const join = useCallback(
    (typed: string) => {
      if (model === null || model.phase !== 'passwordRequired') return;
      const password = validateLotteryPassword(typed);
      setPasswordProblem(password.ok ? null : password.error);
      if (!password.ok || !guard.pass()) return;
      const id = model.round.raffleId;
      dispatch({ type: 'join' });
      api.live.rafflePassword({ raffleId: id, password: password.value }).then(
        () => {
          dispatch({ type: 'joined' });
          noteActed(roomId, lotteryActedKey(id), { joined: true });
        },
        (error: unknown) => {
          guard.reset();
          dispatch({ type: 'failed', reason: failureText(error, t) });
        },
      );
    },
    [api, guard, model, roomId, t],
  );

  // The tray lists it; putting the card away keeps it there.
  const card = useActivityCard(
    roomId,
    model === null ? null : { slot: 'lottery', key: `lottery:${model.round.raffleId}`, kind: 'lottery', title: model.round.title || t('lottery.defaultTitle'), status: lotteryActivity(model.phase) },
  );
  const committed = (raffleId === null ? undefined : commitments[raffleId]) ?? NO_COMMITMENTS;
  return { model, passwordProblem, dismissed: card.dismissed, committed, join, setNickname, dismiss: card.dismiss };
}
