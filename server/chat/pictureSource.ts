/**
 * Where a chat picture may come from (issue 35 item 5): a picture is loaded by every
 * viewer's browser the moment it is shown, so a picture on a host of the sender's choosing
 * would hand that host every viewer's address. A 7101 `imgUrl` is therefore accepted only
 *
 * - as a picture uploaded to this room (`/ccp/handler/v2/chat/image/{id}`, whatever origin
 *   the sender wrote before it), published as this server's own address: PUBLIC_URL's,
 *   else the bare path (the page's own origin). A Host header never names the origin,
 *   because the sender chooses it;
 * - or on an origin of IMAGE_ORIGINS (a deployment's own picture CDN), as it is.
 *
 * The Content-Security-Policy's img-src names the same places (http/app.ts).
 */
import type { StoreQueries } from '../store/sqlStore.js';
import { invalid } from '../http/envelope.js';
import type { ServerConfig } from '../config.js';
import { CHAT_IMAGE_SERVE_PREFIX, isRoomPicture } from './imageUpload.js';

export const PICTURE_SOURCE_REFUSAL = 'pictures in chat must be uploaded to this room (or come from IMAGE_ORIGINS)';

export async function checkedPictureUrl(
  q: StoreQueries,
  config: Pick<ServerConfig, 'publicUrl' | 'imageOrigins'>,
  webcastId: string,
  raw: string,
): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw, 'http://site.invalid');
  } catch {
    throw invalid('imgUrl', PICTURE_SOURCE_REFUSAL);
  }
  const relative = url.host === 'site.invalid' && raw.startsWith('/');
  if (!relative && config.imageOrigins.includes(url.origin)) return raw;
  const id = url.pathname.startsWith(CHAT_IMAGE_SERVE_PREFIX) && url.search === '' && url.hash === '' ? url.pathname.slice(CHAT_IMAGE_SERVE_PREFIX.length) : null;
  if (id === null || !(await isRoomPicture(q, webcastId, id))) throw invalid('imgUrl', PICTURE_SOURCE_REFUSAL);
  return `${config.publicUrl ?? ''}${CHAT_IMAGE_SERVE_PREFIX}${id}`;
}
