import type { Page } from '@playwright/test';

/** The shape public/config.js ships with; tests override single fields. */
export const shippedConfig = {
  appPrefix: '/',
  services: { live: '', commerce: '', resource: '', directory: '' },
  defaultRoomId: '10001',
  defaultLocale: 'zh_cn',
  locales: { zh_cn: true, tr_cn: true, en_us: true, ru_ru: false },
  allowedOrigins: [] as string[],
  themeColour: '#2081eb',
  errorReporting: { appName: 'cloud_webcast', versionLabel: 'CLV_PC_WEB', endpoint: '/ccp/report/v1/client-errors' },
};

/** Serves `config` (any shape, broken ones included) as config.js for this page. */
export async function serveConfig(page: Page, config: unknown): Promise<void> {
  await page.route('**/config.js', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      body: `window.__WEBCAST_CONFIG__ = ${JSON.stringify(config)};`,
    }),
  );
}
