import { expect } from '@playwright/test';
import { test } from './support/base';

// The nickname panel (SPEC 5: at most 20 characters; Chinese, letters, digits, underscore;
// not only spaces), reached from the guide page's signed-in view, saved with update_name.

test('the nickname rules, then a saved nickname', async ({ page }) => {
  await page.goto('/live/login/10001');
  await page.getByRole('button', { name: '以游客身份进入' }).click();
  await expect(page).toHaveURL(/\/live\/video\/10001$/);

  await page.goto('/live/login/10001');
  await expect(page.getByText(/^您已登录：游客\d+$/)).toBeVisible();
  await page.getByRole('button', { name: '修改昵称' }).click();
  const form = page.getByRole('form', { name: '设置昵称' });
  const input = form.getByRole('textbox', { name: '新昵称' });
  const save = form.getByRole('button', { name: '保存昵称' });

  await input.fill('');
  await save.click();
  await expect(form.getByRole('alert')).toHaveText('请输入昵称');
  await input.fill('   ');
  await save.click();
  await expect(form.getByRole('alert')).toHaveText('昵称不能全为空格');
  await input.fill('名'.repeat(21));
  await save.click();
  await expect(form.getByRole('alert')).toHaveText('昵称最多 20 个字符');
  await input.fill('bad name!');
  await save.click();
  await expect(form.getByRole('alert')).toHaveText('昵称只能包含中文、字母、数字和下划线');

  await input.fill('新昵称_2026');
  await save.click();
  await expect(page.getByText('您已登录：新昵称_2026')).toBeVisible();
  await page.getByRole('button', { name: '修改昵称' }).click();
  await expect(page.getByText('当前昵称：新昵称_2026')).toBeVisible();
});
