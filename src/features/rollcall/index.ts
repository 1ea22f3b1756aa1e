export { RollCallCard } from './RollCallCard';
