import { expect } from '@playwright/test';
import { test } from './support/base';

// /getWxInfo: the messaging open platform's authorisation comes back here with code and
// state; the page exchanges the code (open/userInfo) once and offers the way back.

test('the authorised account is shown, with the way back to the room', async ({ page, request }) => {
  const res = await request.get('/commerce/v1/open/appId?liveId=10001');
  const { data } = (await res.json()) as { data: { authorizeUrl: string } };
  await page.goto(data.authorizeUrl);
  await page.getByRole('button', { name: /^Alice/ }).click();
  await expect(page).toHaveURL(/\/getWxInfo\?/);
  await expect(page.getByText('已获取即时通讯账号：Alice')).toBeVisible();
  await page.getByRole('link', { name: '返回直播间' }).click();
  await expect(page).toHaveURL(/\/live\/login\/10001$/);
});

test('a spent or unknown code, and a missing one, are refused', async ({ page }) => {
  await page.goto('/getWxInfo?code=not-a-real-code&state=10001');
  await expect(page.getByRole('alert')).toHaveText('验证信息有误');
  await expect(page.getByRole('link', { name: '返回直播间' })).toBeVisible();
  await page.goto('/getWxInfo');
  await expect(page.getByRole('alert')).toHaveText('链接已过期或无效');
});
