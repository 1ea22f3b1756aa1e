/**
 * The live service's room-page calls (SPEC 7.1 praise and counts, users and notices,
 * playback and settings, delayed charging, records, interactive), one route module.
 */
import type { RouteModule } from '../http/app.js';
import { countsRoutes } from './countsRoutes.js';
import { roomPageRoutes } from './roomPageRoutes.js';
import { streamRoutes } from './streamRoutes.js';
import { settingsRoutes } from './settingsRoutes.js';
import { subscribeRoutes } from './subscribeRoutes.js';
import { splashRoutes } from './splashRoutes.js';
import { delayRoutes } from './delayRoutes.js';
import { recordRoutes } from './recordRoutes.js';
import { interactiveRoutes } from './interactiveRoutes.js';

const PARTS: readonly RouteModule[] = [
  countsRoutes,
  roomPageRoutes,
  streamRoutes,
  settingsRoutes,
  subscribeRoutes,
  splashRoutes,
  delayRoutes,
  recordRoutes,
  interactiveRoutes,
];

export const liveRoutes: RouteModule = async (app, ctx) => {
  for (const register of PARTS) await register(app, ctx);
};
