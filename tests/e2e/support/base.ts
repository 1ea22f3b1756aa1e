/**
 * Playwright's test on the reference server of the test's worker: browser tests run side by
 * side, each worker with a server of its own (playwright.config.ts), so one test's room
 * state, bursts and socket counts never land in another's. Pages, contexts and requests
 * follow `baseURL`; every spec takes `test` from here or from ./splash (which extends it).
 */
import { test as playwrightTest } from '@playwright/test';
import { E2E_SERVER_URLS } from '../../../playwright.config';

export const test = playwrightTest.extend({
  // `provide` is Playwright's fixture callback (named so the React hooks lint leaves it be).
  baseURL: async ({ baseURL }, provide, testInfo) => {
    await provide(E2E_SERVER_URLS[testInfo.parallelIndex % E2E_SERVER_URLS.length] ?? baseURL);
  },
});
