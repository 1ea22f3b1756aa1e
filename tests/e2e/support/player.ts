/**
 * Driving the player's control bar as a viewer does. The bar lies over the picture and fades
 * away while the video plays and the pointer rests (features/player/controlRules.ts), so a
 * test moves the pointer over the player first, as a person would before reaching for it.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export const playerRegion = (page: Page): Locator => page.getByRole('region', { name: '直播播放器' });

/** Moves the pointer over the picture until the control bar shows. */
export async function showControls(page: Page): Promise<void> {
  const bar = playerRegion(page).getByRole('group', { name: '播放控制' });
  await expect(async () => {
    const box = await playerRegion(page).boundingBox();
    if (box === null) throw new Error('no player');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    await page.mouse.move(box.x + box.width / 2 + 4, box.y + box.height / 3 + 4);
    await expect(bar).toHaveAttribute('data-shown', 'true', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/** Presses a button of the control bar by its name. */
export async function pressControl(page: Page, name: string): Promise<void> {
  await showControls(page);
  await playerRegion(page).getByRole('button', { name, exact: true }).click();
}

/** Opens a menu of the control bar ("清晰度", "播放设置") and picks an item (radio or check). */
export async function chooseInMenu(page: Page, menu: string, item: string | RegExp): Promise<void> {
  await openMenu(page, menu);
  await menuItem(page, menu, item).click();
}

/** Opens a menu of the control bar and returns it. */
export async function openMenu(page: Page, menu: string): Promise<Locator> {
  await showControls(page);
  // A menu button that shows its value is named by both ("清晰度 高清").
  await playerRegion(page).getByRole('button', { name: new RegExp(`^${menu}( |$)`) }).click();
  const list = playerRegion(page).getByRole('menu', { name: menu });
  await expect(list).toBeVisible();
  return list;
}

export function menuItem(page: Page, menu: string, item: string | RegExp): Locator {
  const list = playerRegion(page).getByRole('menu', { name: menu });
  return list.getByRole('menuitemradio', { name: item }).or(list.getByRole('menuitemcheckbox', { name: item }));
}
