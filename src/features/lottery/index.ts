export { LotteryCard } from './LotteryCard';
export type { NicknameGate } from './useLottery';
export { LotteryReplayCard } from './LotteryReplayCard';
