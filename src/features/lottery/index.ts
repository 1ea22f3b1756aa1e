export { LotteryCard } from './LotteryCard';
export type { NicknameGate } from './useLottery';
