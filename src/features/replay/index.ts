export { ReplayCards, type ReplayCardProps, type ReplayCardRenderers } from './ReplayCards';
export { ReplayTab } from './ReplayTab';
export { ReplayTimelineLoader } from './useTimelineLoader';
