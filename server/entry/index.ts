/**
 * Room entry, one route module: room info, the logins, sign-up, the login page's other
 * calls, verification codes, outside identities (enterprise messaging, open platform,
 * third-party apps, QR scan) and the simulated providers' pages.
 */
import type { RouteModule } from '../http/app.js';
import { roomInfoRoutes } from './roomInfo.js';
import { loginRoutes } from './loginRoutes.js';
import { signupRoutes } from './signupRoutes.js';
import { entryPageRoutes } from './entryPageRoutes.js';
import { verificationRoutes } from './verificationRoutes.js';
import { oauthRoutes } from './oauthRoutes.js';
import { simRoutes } from './sim/simRoutes.js';

const PARTS: readonly RouteModule[] = [
  roomInfoRoutes,
  loginRoutes,
  signupRoutes,
  entryPageRoutes,
  verificationRoutes,
  oauthRoutes,
  simRoutes,
];

export const entryRoutes: RouteModule = async (app, ctx) => {
  for (const register of PARTS) await register(app, ctx);
};
