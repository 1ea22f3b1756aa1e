/**
 * Room 10001 of the demo seed shows a splash advert (5 s over the whole screen, once per
 * tab). Tests of other features mark it seen before their pages load, so the advert neither
 * hides nor catches what they click or scroll; tests/e2e/viewer-layer.spec.ts tests the
 * advert itself. The key is the splash feature's own (src/features/splash/splashFlow.ts).
 */
import { test as base } from './base';
import { markSplashSeen } from '../../../harness/splash';

export { markSplashSeen };

/** Playwright's test, with every context's splash adverts already seen. */
export const test = base.extend({
  // `provide` is Playwright's fixture callback (named so the React hooks lint leaves it be).
  context: async ({ context }, provide) => {
    await markSplashSeen(context);
    await provide(context);
  },
});
