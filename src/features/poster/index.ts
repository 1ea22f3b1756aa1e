export { InviteButton } from './InviteButton';
