/**
 * Chat and connect-mic wired into one server: their HTTP routes, socket request handlers
 * and admin API, sharing one ChatService and one MicService. A kick from the room also
 * ends the user's mic; closing the app flushes the chat history and stops mic timers.
 */
import type { RouteModule } from '../http/app.js';
import { registerChatAdminRoutes } from '../admin/chatAdmin.js';
import { registerMicAdminRoutes } from '../admin/micAdmin.js';
import { registerChatRoutes } from '../chat/routes.js';
import { chatServiceOf } from '../chat/service.js';
import { registerChatHandlers } from '../chat/socketHandlers.js';
import { registerMicRoutes } from '../mic/routes.js';
import { MicService, type MicOptions } from '../mic/service.js';
import { registerMicHandlers } from '../mic/socketHandlers.js';
import { registerCallRoomHandlers } from '../groups/callRoom.js';
import { registerReplayRoutes } from '../replay/routes.js';
import { registerOwnRecordRoutes } from '../record/routes.js';

export interface RealtimeOptions {
  readonly mic?: MicOptions;
}

export function createRealtimeRoutes(options: RealtimeOptions = {}): RouteModule {
  return (app, ctx) => {
    const chat = chatServiceOf(ctx);
    const mic = new MicService(ctx, options.mic);
    chat.onKicked((webcastId, uid) => {
      mic.userKicked(webcastId, uid).catch((error: unknown) => console.error('connect-mic: ending a kicked viewer\'s mic failed:', error));
    });

    registerChatRoutes(app, ctx, chat);
    registerChatHandlers(ctx, chat);
    registerChatAdminRoutes(app, ctx, chat);
    registerReplayRoutes(app, ctx, chat);
    registerOwnRecordRoutes(app, ctx, chat);
    registerMicRoutes(app, ctx, mic);
    registerMicHandlers(ctx, mic);
    registerCallRoomHandlers(ctx, mic);
    registerMicAdminRoutes(app, ctx, mic);

    app.addHook('onClose', async () => {
      mic.close();
      await chat.close();
    });
  };
}

export const realtimeRoutes: RouteModule = createRealtimeRoutes();
