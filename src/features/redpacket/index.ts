export { RedPacketCard } from './RedPacketCard';
