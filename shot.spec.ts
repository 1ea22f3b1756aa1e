import { expect, test } from '@playwright/test';

const URL = 'http://127.0.0.1:4300';
const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

async function farm(): Promise<void> {
  await Promise.all(
    Array.from({ length: 250 }, (_, n) =>
      fetch(`${URL}/ccp/monitor/v2/clv/sign/password/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${(n % 25) + 1}` },
        body: JSON.stringify({ webcastId: '10002', password: `77${String(n).padStart(4, '0')}` }),
      }),
    ),
  );
}

test('shots', async ({ browser }) => {
  await farm();
  for (const size of sizes) {
    const host = await (await browser.newContext({ viewport: size, baseURL: URL })).newPage();
    host.setDefaultTimeout(20000);
    await host.goto('/live/meetLive/10002');
    const login = host.getByRole('form', { name: '主持人或助理登录' });
    await login.getByRole('textbox', { name: '账号' }).fill('host10002');
    await login.getByLabel('密码').fill('host123');
    await login.getByRole('button', { name: '登录控制台' }).click();
    const warning = host.locator('.room-desk').getByRole('alert');
    await expect(warning).toContainText('有人在猜测观看密码');
    await warning.scrollIntoViewIfNeeded();
    await host.screenshot({ path: `/work/shots/alarm-${size.name}.png` });
    await host.context().close();

    const viewer = await (await browser.newContext({ viewport: size, baseURL: URL })).newPage();
    viewer.setDefaultTimeout(20000);
    await viewer.goto('/live/login/10001');
    await viewer.getByRole('button', { name: '以游客身份进入', exact: true }).click();
    const composer = viewer.getByRole('textbox', { name: '消息' });
    await expect(composer).toBeEnabled();
    const feedback = viewer.locator('.chat-composer__feedback');
    for (let i = 0; i < 15 && (await feedback.count()) === 0; i++) {
      await composer.fill(`快速消息 ${i}`);
      await composer.press('Enter');
      await viewer.waitForTimeout(80);
    }
    await expect(feedback).toBeVisible();
    await viewer.screenshot({ path: `/work/shots/flood-${size.name}.png` });
    await viewer.context().close();
  }
});
