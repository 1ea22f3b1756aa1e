export { ChatWindowScreen, type ChatWindowSlots } from './ChatWindowScreen';
export { CHAT_WINDOW_FEATURES, CHAT_WINDOW_ROUTE, chatWindowName, chatWindowPath } from './paths';
