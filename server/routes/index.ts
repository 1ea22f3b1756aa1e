/**
 * Every HTTP route module, in registration order. The client module goes last: it owns the
 * not-found handler (SPA fallback).
 */
import type { RouteModule } from '../http/app.js';
import { directoryRoutes } from '../directory/routes.js';
import { liveAdminRoutes } from '../admin/liveAdmin.js';
import { burstRoutes } from '../admin/burst.js';
import { mediaRoutes } from '../media/routes.js';
import { interactRoutes } from '../interact/routes.js';
import { entryRoutes } from '../entry/index.js';
import { liveRoutes } from '../live/index.js';
import { entryAdminRoutes } from '../admin/entryAdmin.js';
import { settingsAdminRoutes } from '../admin/settingsAdmin.js';
import { realtimeRoutes } from '../socket/realtimeRoutes.js';
import { clientRoutes } from './client.js';
import { clientErrorRoutes } from '../reports/clientErrors.js';

export const ROUTES: readonly RouteModule[] = [directoryRoutes, liveAdminRoutes, burstRoutes, mediaRoutes, interactRoutes, entryRoutes, liveRoutes, entryAdminRoutes, settingsAdminRoutes, realtimeRoutes, clientErrorRoutes, clientRoutes];
