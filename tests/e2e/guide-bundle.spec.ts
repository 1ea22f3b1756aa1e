/**
 * Issue 5's budget: "the login page loads no player code: its JavaScript stays under 150 KB
 * gzipped". Every JavaScript response of a first visit to the guide page (empty cache, no
 * login, default language) is gzipped at level 9 and summed (bench/bundle/pageScripts.ts,
 * shared with `npm run bench -- bundle`, which reports the figures per file). A change that
 * puts the player, the chat or the money code on the guide page's path, or grows it past the
 * budget, fails here with the list of files.
 */
import { expect } from '@playwright/test';
import { test } from './support/base';
import { GUIDE_BUDGET_GZIP_BYTES, openGuidePage, PLAYER_CHAT_CHUNKS, totalGzip, type ScriptFile } from '../../bench/bundle/pageScripts';

const ROOM = '10001';
/**
 * The catalogues loaded on demand: the other languages, and in every language the video
 * page's and the interactions' namespaces (zh_cn's main catalogue is part of the app's script).
 */
const CATALOGUE_CHUNK = /^\/assets\/(?:zh_cn|tr_cn|en_us|ru_ru)-[\w-]+\.js$/;

const listing = (files: readonly ScriptFile[]): string =>
  [...files.map((f) => `${(f.gzipBytes / 1000).toFixed(1).padStart(7)} KB gz  ${f.path}`), `${(totalGzip(files) / 1000).toFixed(1).padStart(7)} KB gz  total`].join('\n');

/** The scripts the page's HTML names: its module entry and the chunks it preloads. */
async function scriptsNamedByHtml(baseURL: string): Promise<string[]> {
  const html = await (await fetch(`${baseURL}/live/login/${ROOM}`, { headers: { accept: 'text/html' } })).text();
  const named = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="([^"]+)"/g)].map((m) => m[1]!);
  return named.map((address) => new URL(address, baseURL).pathname);
}

test.describe('guide page script budget (issue 5)', () => {
  test('the guide page loads no player, chat or money code, and under its budget of JavaScript gzipped (130 KB)', async ({ context, baseURL }, testInfo) => {
    const base = baseURL ?? '';
    const { recorder } = await openGuidePage(context, base, ROOM);
    recorder.stop();
    const files = recorder.files();
    await testInfo.attach('guide-page-scripts.txt', { body: listing(files), contentType: 'text/plain' });

    // Every script the HTML names was seen: the sum below cannot be of a page that did not load.
    const named = await scriptsNamedByHtml(base);
    expect(named.length).toBeGreaterThan(1);
    expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(named));

    // Soft: a broken budget shows every way it is broken at once.
    expect.soft(files.filter((f) => PLAYER_CHAT_CHUNKS.test(f.path)).map((f) => f.path)).toEqual([]);
    // hls.js, mpegts.js, react-virtuoso, decimal.js by a string of theirs, in any file.
    expect.soft(recorder.libraries()).toEqual([]);
    expect.soft(files.filter((f) => CATALOGUE_CHUNK.test(f.path)).map((f) => f.path)).toEqual([]);
    expect.soft(totalGzip(files), listing(files)).toBeLessThan(GUIDE_BUDGET_GZIP_BYTES);
  });

  test('another language loads its catalogue when chosen, then every text changes at once', async ({ context, baseURL }) => {
    const { page, recorder } = await openGuidePage(context, baseURL ?? '', ROOM);
    await expect(page.getByRole('button', { name: '以游客身份进入' })).toBeVisible();

    await page.getByLabel('语言').selectOption('en_us');
    await expect(page.getByRole('heading', { level: 1, name: `Live room ${ROOM}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enter as guest' })).toBeVisible();
    await recorder.quiet(500);
    recorder.stop();
    expect(recorder.files().filter((f) => CATALOGUE_CHUNK.test(f.path)).map((f) => f.path)).toEqual([expect.stringMatching(/^\/assets\/en_us-/)]);
  });
});
