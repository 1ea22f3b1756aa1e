export { GroupsPanel } from './GroupsPanel';
export type { GroupsActions } from './types';
