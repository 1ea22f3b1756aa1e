/** The chat feature: the chat room panel and the connection banner (issue 4). */
export { ChatPanel, type ChatPanelProps } from './ChatPanel';
export { ChatOverlay } from './ChatOverlay';
export { ConnectionBanner, type ConnectionBannerProps } from './ConnectionBanner';
export type { ChatActions, ChatModeration, ModerationAction } from './types';
