/**
 * The counts and praise feature (issue 5 item 4): the bar under the player with the online
 * count, the praise total and the like button, whose clicks are batched (praiseBatcher).
 */
export { CountsBar, type CountsBarProps } from './CountsBar';
