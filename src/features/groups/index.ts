export { GroupsPanel } from './GroupsPanel';
export { GroupsUnreadBadge } from './GroupsUnreadBadge';
export type { GroupsActions } from './types';
