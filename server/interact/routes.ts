/**
 * Every HTTP route of the interactive features (live service), the commerce service and the
 * resource host, plus their admin API: one entry for server/routes/index.ts.
 */
import type { RouteModule } from '../http/app.js';
import { interactAdminRoutes } from '../admin/interactAdmin.js';
import { answerSheetRoutes } from './answerSheet/routes.js';
import { consultRoutes } from './consult/routes.js';
import { goodsRoutes } from './goods/goodsRoutes.js';
import { demoPictureRoutes } from './goods/pictures.js';
import { recommendRoutes } from './goods/recommendRoutes.js';
import { paperRoutes } from './papers/routes.js';
import { posterRoutes } from './posters/routes.js';
import { qaRoutes } from './qa/routes.js';
import { raffleRoutes } from './raffle/routes.js';
import { redPacketRoutes } from './redPacket/routes.js';
import { resourceRoutes } from './resource/routes.js';
import { rewardRoutes } from './rewards/rewards.js';
import { rollCallRoutes } from './rollCall/rollCall.js';

export const interactRoutes: RouteModule = (app, ctx) => {
  for (const register of [
    paperRoutes,
    answerSheetRoutes,
    rollCallRoutes,
    raffleRoutes,
    redPacketRoutes,
    rewardRoutes,
    goodsRoutes,
    recommendRoutes,
    demoPictureRoutes,
    posterRoutes,
    consultRoutes,
    qaRoutes,
    resourceRoutes,
    interactAdminRoutes,
  ]) {
    register(app, ctx);
  }
};
