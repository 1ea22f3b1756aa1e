export { ActivityTray } from './ActivityTray';
