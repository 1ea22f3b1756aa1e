/** The chat window's route (issue 37 item 4), relative to the application prefix. */
export const CHAT_WINDOW_ROUTE = '/live/chat/:id';

export const chatWindowPath = (roomId: string): string => `/live/chat/${encodeURIComponent(roomId)}`;

/** The window's name: one chat window per room, opened again it is brought forward, not doubled. */
export const chatWindowName = (roomId: string): string => `webcast-chat-${roomId}`;

/** Its size: a chat column beside the viewer's work. */
export const CHAT_WINDOW_FEATURES = 'popup,width=420,height=720';
