/**
 * A lottery round as one viewer lives it (SPEC 4: participating, won, lost, round ended),
 * with the two ways of not being in it yet: the nickname gate (SPEC 5) and a round's
 * password. As an explicit machine, so every tab and every test agrees on what is shown:
 *
 *   nicknameRequired ──nicknameSet──▶ passwordRequired | participating
 *   passwordRequired ──join──▶ joining ──joined──▶ participating
 *                                 ╰──failed──▶ passwordRequired (with the reason)
 *   (any open) ──joinedElsewhere──▶ participating        (another tab did it)
 *   (any open) ──drawn──▶ won | lost | ended             (the host's draw: won when the
 *                                                          viewer is among the winners,
 *                                                          lost when the viewer took part,
 *                                                          else the round ended without them)
 */

export type LotteryPhase = 'nicknameRequired' | 'passwordRequired' | 'joining' | 'participating' | 'won' | 'lost' | 'ended';

export interface LotteryWinner {
  readonly uid: string;
  readonly name: string;
}

export type LotteryEvent =
  | { readonly type: 'nicknameSet' }
  | { readonly type: 'join' }
  | { readonly type: 'joined' }
  | { readonly type: 'joinedElsewhere' }
  | { readonly type: 'failed'; readonly reason: string }
  | { readonly type: 'drawn'; readonly winners: readonly LotteryWinner[]; readonly me: string | null };

export interface LotteryRound {
  readonly raffleId: string;
  readonly title: string;
  readonly prize: string;
  readonly winnerCount: number | null;
  /** Entering takes the password the host shows. */
  readonly password: boolean;
}

export interface LotteryModel {
  readonly round: LotteryRound;
  readonly phase: LotteryPhase;
  readonly winners: readonly LotteryWinner[];
  /** Why the last try to join failed, until the next one. */
  readonly failure: string | null;
}

const OPEN: readonly LotteryPhase[] = ['nicknameRequired', 'passwordRequired', 'joining', 'participating'];

export const isLotteryOpen = (phase: LotteryPhase): boolean => OPEN.includes(phase);

/** How a round starts for a viewer who has not joined it yet. */
export function enterLottery(round: LotteryRound, nicknameSet: boolean): LotteryModel {
  const phase: LotteryPhase = !nicknameSet ? 'nicknameRequired' : round.password ? 'passwordRequired' : 'participating';
  return { round, phase, winners: [], failure: null };
}

/** The phase the room answers for a round (raffle conf record `myState`), if it is one. */
export function phaseFromRecord(myState: string, round: LotteryRound): LotteryPhase | null {
  switch (myState) {
    case 'participating':
    case 'won':
    case 'lost':
    case 'ended':
    case 'nicknameRequired':
      return myState;
    case 'notJoined':
      return round.password ? 'passwordRequired' : 'participating';
    default:
      return null;
  }
}

function drawnPhase(phase: LotteryPhase, winners: readonly LotteryWinner[], me: string | null): LotteryPhase {
  if (me !== null && winners.some((w) => w.uid === me)) return 'won';
  // A join on its way at the draw may or may not have counted: the winners list decides won;
  // anything else is "not this time" for a viewer who tried, as the server's record says.
  return phase === 'participating' || phase === 'joining' ? 'lost' : 'ended';
}

/** The model after an event; an event its phase does not take leaves it as it is. */
export function stepLottery(model: LotteryModel, event: LotteryEvent): LotteryModel {
  const { phase } = model;
  switch (event.type) {
    case 'nicknameSet':
      return phase === 'nicknameRequired' ? { ...model, phase: model.round.password ? 'passwordRequired' : 'participating' } : model;
    case 'join':
      return phase === 'passwordRequired' ? { ...model, phase: 'joining', failure: null } : model;
    case 'joined':
      return phase === 'joining' ? { ...model, phase: 'participating', failure: null } : model;
    case 'failed':
      return phase === 'joining' ? { ...model, phase: 'passwordRequired', failure: event.reason } : model;
    case 'joinedElsewhere':
      return isLotteryOpen(phase) ? { ...model, phase: 'participating', failure: null } : model;
    case 'drawn':
      return isLotteryOpen(phase) ? { ...model, phase: drawnPhase(phase, event.winners, event.me), winners: event.winners, failure: null } : model;
  }
}
