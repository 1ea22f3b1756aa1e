/**
 * Room 10001 of the demo seed shows a splash advert (5 s over the whole screen, once per
 * tab). Browser tests, benchmarks and chaos scenarios of other features mark it seen before
 * their pages load, so the advert neither hides nor catches what they click or scroll;
 * tests/e2e/viewer-layer.spec.ts tests the advert itself. The key is the splash feature's
 * own (src/features/splash/splashFlow.ts).
 */
import type { BrowserContext } from '@playwright/test';

export async function markSplashSeen(context: BrowserContext, rooms: readonly string[] = ['10001']): Promise<void> {
  await context.addInitScript((ids: readonly string[]) => {
    for (const id of ids) sessionStorage.setItem(`webcast.splash.seen.${id}`, '1');
  }, rooms);
}
