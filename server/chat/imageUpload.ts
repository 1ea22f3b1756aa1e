/**
 * Chat pictures (SPEC 5 "Image upload: a wrong format is rejected; a file larger than 500KB
 * is rejected"; docs/protocol.md 4.7 chatImageUpload, 5.2).
 *
 * - POST /ccp/handler/v2/chat/image {webcastId, fileName, contentType, data}: `data` is the
 *   file in standard base64 (no `data:` prefix). Needs a session of that room (402, 4009
 *   for another room). Then, like a 7101 send (staff are not held by the room's switches):
 *   chat closed or staff-only 4401, muted 4402, pictures off 4404; more than
 *   CHAT_IMAGE_UPLOADS_PER_MINUTE attempts by one user in a minute 4203 {waitSeconds};
 *   then 4501 naming the field: bad base64, empty, fileName/contentType not naming the
 *   same accepted format, bytes (magic numbers) not that format, over 500 KiB.
 *   Answer {url}: an absolute http(s) URL (PUBLIC_URL, else the Host the request came to,
 *   as for the socket address), which the 7101 imgUrl check and the client's safeUrl take.
 * - GET /ccp/handler/v2/chat/image/{id}: the bytes with the Content-Type of their format,
 *   `X-Content-Type-Options: nosniff` and a year's immutable cache. No session: an <img>
 *   cannot send the token header; the id is 32 random characters. Unknown id: HTTP 404.
 *
 * Storage: table chat_images (migration 006), at most CHAT_IMAGE_STORE_MAX_BYTES in all;
 * an upload that would pass the cap evicts the oldest pictures first (their old messages
 * then show a broken picture; the newest chat keeps its pictures).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIVE_CALLS } from '../../src/protocol/services/live';
import { IMAGE_MAX_BYTES } from '../../src/domain/constants';
import { claimedImageFormat, sniffImageType, type ImageFormat } from '../../src/domain/image';
import { isStaff } from '../../src/domain/roles';
import { randomToken } from '../auth/random.js';
import { requireSession } from '../auth/sessions.js';
import type { ServerConfig } from '../config.js';
import type { ServerContext } from '../context.js';
import { BizError, invalid, okEnvelope } from '../http/envelope.js';
import { sql } from 'kysely';
import { lockKey, type SqlStore, type StoreQueries } from '../store/sqlStore.js';
import { ID_MAX } from '../socket/fields.js';
import { SOCKET_PATH, socketUrlFor, type RequestOrigin } from '../socket/url.js';
import type { ChatService } from './service.js';

export const CHAT_IMAGE_UPLOAD_PATH = LIVE_CALLS.chatImageUpload.path;
/** Where an uploaded picture is served; its id follows. */
export const CHAT_IMAGE_SERVE_PREFIX = `${CHAT_IMAGE_UPLOAD_PATH}/`;
/** Upload attempts one user may make in CHAT_IMAGE_RATE_WINDOW_MS. */
export const CHAT_IMAGE_UPLOADS_PER_MINUTE = 10;
export const CHAT_IMAGE_RATE_WINDOW_MS = 60_000;
/** Total bytes of stored pictures; the oldest are evicted beyond it. */
export const CHAT_IMAGE_STORE_MAX_BYTES = 256 * 1024 * 1024;
export const CHAT_IMAGE_FILE_NAME_MAX = 255;
export const CHAT_IMAGE_CONTENT_TYPE_MAX = 100;

const IMAGE_ID = /^[0-9A-Za-z]{32}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MEDIA_TYPE: Readonly<Record<ImageFormat, string>> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };
const MAX_KIB = IMAGE_MAX_BYTES / 1024;

export interface ChatImageInput {
  readonly fileName: string;
  readonly contentType: string;
  readonly data: string;
}

export interface CheckedImage {
  readonly format: ImageFormat;
  readonly contentType: string;
  readonly bytes: Buffer;
}

/**
 * The upload's bytes, or 4501 naming the field and why. Order: base64, not empty, the
 * claimed format (fileName and contentType agree, domain/image.ts), the bytes are that
 * format, then the size (format before size, as on the client).
 */
export function checkChatImage(input: ChatImageInput): CheckedImage {
  const { data } = input;
  if (data.startsWith('data:')) throw invalid('data', 'must be the base64 of the file without a data: prefix');
  if (data.length % 4 !== 0 || !BASE64.test(data)) throw invalid('data', 'must be standard base64 (A-Z a-z 0-9 + /, padded with =)');
  if (data.length === 0) throw invalid('data', 'the file is empty');
  const format = claimedImageFormat({ name: input.fileName, type: input.contentType });
  if (format === null) {
    throw invalid('contentType', 'contentType and the fileName extension must name the same format: jpeg, png, gif or webp');
  }
  const bytes = Buffer.from(data, 'base64');
  const actual = sniffImageType(bytes);
  if (actual === null) throw invalid('data', 'the file is not a JPEG, PNG, GIF or WebP image');
  if (actual !== format) throw invalid('data', `the file is ${actual}, not the ${format} that contentType and fileName say`);
  if (bytes.length > IMAGE_MAX_BYTES) throw invalid('data', `the file is larger than ${MAX_KIB} KB (${IMAGE_MAX_BYTES} bytes)`);
  return { format, contentType: MEDIA_TYPE[format], bytes };
}

/** Whether `id` names a picture uploaded to `webcastId` (what a chat message may show: pictureSource.ts). */
export async function isRoomPicture(q: StoreQueries, webcastId: string, id: string): Promise<boolean> {
  if (!IMAGE_ID.test(id)) return false;
  return (await sql`SELECT 1 FROM chat_images WHERE id = ${id} AND webcast_id = ${webcastId}`.execute(q)).rows.length > 0;
}

export interface StoredImage {
  readonly contentType: string;
  readonly bytes: Buffer;
}

/** The chat_images table with its total-size cap. */
export class ChatImageStore {
  constructor(
    private readonly store: SqlStore,
    private readonly now: () => number,
    readonly maxBytes = CHAT_IMAGE_STORE_MAX_BYTES,
  ) {}

  async totalBytes(q: StoreQueries = this.store.db): Promise<number> {
    const row = (await sql<{ total: number | string }>`SELECT COALESCE(SUM(size), 0) AS total FROM chat_images`.execute(q)).rows[0];
    // PostgreSQL sums BIGINTs as NUMERIC, which its client gives as text.
    return Number(row?.total ?? 0);
  }

  /**
   * Stores a picture (evicting the oldest beyond the cap) and answers its id. The cap is
   * held for the whole transaction, so uploads on two nodes at once cannot both fit in the
   * space that was left for one.
   */
  async put(webcastId: string, uid: string, image: CheckedImage): Promise<string> {
    const id = randomToken(32);
    await this.store.db.transaction().execute(async (tx) => {
      await lockKey(tx, 'chat-images');
      let total = await this.totalBytes(tx);
      while (total + image.bytes.length > this.maxBytes) {
        const oldest = (await sql<{ id: string; size: number }>`SELECT id, size FROM chat_images ORDER BY seq LIMIT 100`.execute(tx)).rows;
        if (oldest.length === 0) break;
        for (const row of oldest) {
          if (total + image.bytes.length <= this.maxBytes) break;
          await sql`DELETE FROM chat_images WHERE id = ${row.id}`.execute(tx);
          total -= row.size;
        }
      }
      await sql`INSERT INTO chat_images (id, webcast_id, uid, content_type, size, created_at, bytes)
        VALUES (${id}, ${webcastId}, ${uid}, ${image.contentType}, ${image.bytes.length}, ${this.now()}, ${image.bytes})`.execute(tx);
    });
    return id;
  }

  async get(id: string): Promise<StoredImage | null> {
    if (!IMAGE_ID.test(id)) return null;
    const row = (await sql<StoredImage>`SELECT content_type AS "contentType", bytes FROM chat_images WHERE id = ${id}`.execute(this.store.db)).rows[0];
    return row ?? null;
  }
}

/**
 * At most `limit` attempts per key in a sliding window, else 4203 {waitSeconds}. In memory
 * (a restart forgets it, which costs nothing), with a bounded number of keys.
 */
export class UploadRateLimiter {
  private readonly attempts = new Map<string, number[]>();
  private static readonly MAX_KEYS = 50_000;

  constructor(
    private readonly now: () => number,
    private readonly limit = CHAT_IMAGE_UPLOADS_PER_MINUTE,
    private readonly windowMs = CHAT_IMAGE_RATE_WINDOW_MS,
  ) {}

  take(key: string): void {
    const now = this.now();
    const recent = (this.attempts.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= this.limit) {
      const oldest = recent[0] ?? now;
      const waitSeconds = Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
      this.attempts.set(key, recent);
      throw new BizError(4203, `at most ${this.limit} pictures a minute, wait ${waitSeconds} s`, { waitSeconds });
    }
    recent.push(now);
    this.attempts.delete(key);
    this.attempts.set(key, recent);
    if (this.attempts.size > UploadRateLimiter.MAX_KEYS) {
      const first = this.attempts.keys().next().value;
      if (first !== undefined) this.attempts.delete(first);
    }
  }
}

/**
 * The server's public http(s) base (no trailing slash), by the same rules as the socket
 * address (server/socket/url.ts): PUBLIC_URL, else the request's Host, else HOST:PORT.
 */
export function publicBaseUrl(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>, request?: RequestOrigin): string {
  const socket = new URL(socketUrlFor(config, request));
  const scheme = socket.protocol === 'wss:' ? 'https:' : 'http:';
  const base = socket.pathname.endsWith(SOCKET_PATH) ? socket.pathname.slice(0, -SOCKET_PATH.length) : '';
  return `${scheme}//${socket.host}${base}`;
}

export interface ChatImageOptions {
  readonly maxStoreBytes?: number;
  readonly uploadsPerMinute?: number;
}

type UploadBody = { webcastId: string } & ChatImageInput;

export function registerChatImageRoutes(app: FastifyInstance, ctx: ServerContext, chat: ChatService, options: ChatImageOptions = {}): void {
  const store = new ChatImageStore(ctx.store, ctx.now, options.maxStoreBytes);
  const limiter = new UploadRateLimiter(ctx.now, options.uploadsPerMinute);

  app.post<{ Body: UploadBody }>(
    CHAT_IMAGE_UPLOAD_PATH,
    {
      schema: {
        body: {
          type: 'object',
          required: ['webcastId', 'fileName', 'contentType', 'data'],
          properties: {
            webcastId: { type: 'string', minLength: 1, maxLength: ID_MAX },
            fileName: { type: 'string', minLength: 1, maxLength: CHAT_IMAGE_FILE_NAME_MAX },
            contentType: { type: 'string', minLength: 1, maxLength: CHAT_IMAGE_CONTENT_TYPE_MAX },
            data: { type: 'string' },
          },
        },
      },
    },
    async (request: FastifyRequest<{ Body: UploadBody }>) => {
      const { webcastId } = request.body;
      const session = await requireSession(ctx.sessions, request);
      if (session.webcastId !== webcastId) throw new BizError(4009, 'you are not allowed to enter: this login is for another room');
      if (!isStaff(session.role)) {
        const state = await chat.state(webcastId);
        if (!state.open) throw new BizError(4401);
        if (state.muted.includes(session.userId)) throw new BizError(4402);
        if (state.staffOnly) throw new BizError(4401, 'chat is limited to the host and assistants');
        if (!state.pictures) throw new BizError(4404);
      }
      limiter.take(session.userId);
      const image = checkChatImage(request.body);
      const id = await store.put(webcastId, session.userId, image);
      return okEnvelope({ url: `${publicBaseUrl(ctx.config, request)}${CHAT_IMAGE_SERVE_PREFIX}${id}` });
    },
  );

  app.get<{ Params: { id: string } }>(`${CHAT_IMAGE_SERVE_PREFIX}:id`, async (request, reply) => {
    const image = await store.get(request.params.id);
    if (!image) return reply.status(404).send({ code: 404, msg: 'no such picture', data: null });
    return reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(image.bytes);
  });
}
