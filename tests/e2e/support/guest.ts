/**
 * Entering a room as a guest, as a viewer does: the entry page's guest button, then the
 * video page. Shared by the specs whose subject is what happens after entry.
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { markSplashSeen } from './splash';

export interface GuestLogin {
  readonly token: string;
  readonly sid: string;
  readonly userId: string;
}

/** A new browser context on `baseURL`, its splash adverts already seen. */
export async function guestContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await markSplashSeen(context);
  return context;
}

/** Enters `room` as a guest (`baseUrl` when the page has no baseURL) and returns the stored login. */
export async function enterAsGuest(page: Page, room = '10001', baseUrl = ''): Promise<GuestLogin> {
  await page.goto(`${baseUrl}/live/login/${room}`);
  await page.getByRole('button', { name: '以游客身份进入' }).click();
  await expect(page).toHaveURL(new RegExp(`/live/video/${room}$`));
  const stored = await page.evaluate((key) => localStorage.getItem(key), `webcast.login.${room}`);
  const login = JSON.parse(stored ?? 'null') as { liveToken: string; sid: string; userId: string } | null;
  expect(login, 'the login is stored').not.toBeNull();
  return { token: login?.liveToken ?? '', sid: login?.sid ?? '', userId: login?.userId ?? '' };
}

/** Waits until the page's worker has joined `room` (the room's pushes reach it from then on). */
export async function joinedRoom(page: Page, room = '10001'): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((id) => {
          const api = (globalThis as { __webcastRealtime?: { snapshot(): { rooms: Record<string, { joined: string }> } } }).__webcastRealtime;
          return api?.snapshot().rooms[id]?.joined ?? 'none';
        }, room),
      { timeout: 15_000 },
    )
    .toBe('joined');
}
