/**
 * The pages' error reports (issue 39 item 2; docs/protocol.md 5.11):
 * - POST /ccp/report/v1/client-errors: a batch `{app, version, build, userAgent, reports}`
 *   as src/diagnostics/errorReporter.ts sends it (navigator.sendBeacon: text/plain, or
 *   JSON). No login (a page that failed before its login still reports). Refused with a
 *   clear status and nothing stored: a body over REPORT_BODY_MAX (413), anything malformed
 *   (400, code 4501 naming the field), more than REPORT_BATCHES_PER_MINUTE batches a minute
 *   from one address (429). Answered 204 otherwise.
 * - Each report is scrubbed again (the server trusts no page to have done it), written as one
 *   structured log line (`{"type":"client_error",...}`), counted in /metrics
 *   (webcast_client_errors_total by kind, its page's count of repeats included) and kept in
 *   the table client_errors (the newest REPORTS_KEPT).
 * - GET /admin/v1/errors?limit: the newest reports (`npm run room -- errors`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_KINDS, REPORT_BATCH_MAX, REPORT_MESSAGE_MAX, REPORT_STACK_MAX, scrubStack, scrubText, type ErrorKind } from '../../src/domain/errorReport';
import type { ServerContext } from '../context.js';
import { adminOnly } from '../admin/auth.js';
import { okEnvelope } from '../http/envelope.js';
import { keepReports, newestReports } from './clientErrorStore.js';

export const REPORT_PATH = '/ccp/report/v1/client-errors';
export const REPORT_BODY_MAX = 32 * 1024;
export const REPORT_BATCHES_PER_MINUTE = 30;
export const REPORTS_KEPT = 5_000;

export interface StoredReport {
  readonly kind: ErrorKind;
  readonly fingerprint: string;
  readonly message: string;
  readonly stack: string;
  readonly route: string;
  readonly room: string | null;
  readonly code: number | null;
  readonly count: number;
  readonly at: number;
}

export interface Batch {
  readonly app: string;
  readonly version: string;
  readonly build: string;
  readonly userAgent: string;
  readonly reports: readonly StoredReport[];
}

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(record: Record<string, unknown>, field: string, max: number, where: string): string {
  const value = record[field];
  if (typeof value !== 'string' || value.length > max) throw new Refused(400, 4501, `${where}${field}: a string of at most ${max} characters`);
  return value;
}

function int(record: Record<string, unknown>, field: string, min: number, max: number, where: string, nullable = false): number | null {
  const value = record[field];
  if (nullable && (value === null || value === undefined)) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) throw new Refused(400, 4501, `${where}${field}: an integer from ${min} to ${max}`);
  return value;
}

/** A batch as the page sent it, checked field by field and scrubbed; throws Refused. */
export function readBatch(raw: unknown): Batch {
  let body = raw;
  if (typeof raw === 'string') {
    try {
      body = JSON.parse(raw) as unknown;
    } catch {
      throw new Refused(400, 4501, 'body: not JSON');
    }
  }
  if (!isRecord(body)) throw new Refused(400, 4501, 'body: a JSON object');
  const list = body.reports;
  if (!Array.isArray(list) || list.length === 0 || list.length > REPORT_BATCH_MAX) throw new Refused(400, 4501, `reports: 1 to ${REPORT_BATCH_MAX} reports`);
  const reports = list.map((item, i): StoredReport => {
    const where = `reports[${i}].`;
    if (!isRecord(item)) throw new Refused(400, 4501, `${where.slice(0, -1)}: an object`);
    const kind = item.kind;
    if (typeof kind !== 'string' || !(ERROR_KINDS as readonly string[]).includes(kind)) throw new Refused(400, 4501, `${where}kind: one of ${ERROR_KINDS.join(', ')}`);
    const fingerprint = text(item, 'fingerprint', 8, where);
    if (!/^[0-9a-f]{8}$/.test(fingerprint)) throw new Refused(400, 4501, `${where}fingerprint: 8 hex digits`);
    const room = item.room === null || item.room === undefined ? null : text(item, 'room', 64, where);
    return {
      kind: kind as ErrorKind,
      fingerprint,
      message: scrubText(text(item, 'message', REPORT_MESSAGE_MAX * 2, where)),
      stack: item.stack === undefined ? '' : scrubStack(text(item, 'stack', REPORT_STACK_MAX * 2, where)),
      route: scrubText(text(item, 'route', 400, where), 200),
      room: room === null ? null : scrubText(room, 64),
      code: int(item, 'code', -1, 99_999, where, true),
      count: int(item, 'count', 1, 100_000, where) ?? 1,
      at: int(item, 'at', 0, Number.MAX_SAFE_INTEGER, where) ?? 0,
    };
  });
  return {
    app: scrubText(text(body, 'app', 64, ''), 64),
    version: scrubText(text(body, 'version', 64, ''), 64),
    build: scrubText(text(body, 'build', 200, ''), 200),
    userAgent: scrubText(text(body, 'userAgent', 400, ''), 400),
    reports,
  };
}

/** Batches per address in the current minute (a fixed window: simple, and enough to stop a flood). */
class AddressWindow {
  private readonly counts = new Map<string, { start: number; n: number }>();
  constructor(private readonly now: () => number) {}

  take(address: string): boolean {
    const now = this.now();
    const entry = this.counts.get(address);
    if (entry === undefined || now - entry.start >= 60_000) {
      if (this.counts.size > 10_000) this.counts.clear();
      this.counts.set(address, { start: now, n: 1 });
      return true;
    }
    entry.n += 1;
    return entry.n <= REPORT_BATCHES_PER_MINUTE;
  }
}

export type ReportLog = (line: string) => void;

export function registerClientErrorRoutes(app: FastifyInstance, ctx: ServerContext, log: ReportLog = (line) => process.stdout.write(`${line}\n`)): void {
  const window = new AddressWindow(ctx.now);
  const refuse = (reply: FastifyReply, refused: Refused) => reply.status(refused.status).send({ code: refused.code, msg: refused.message, data: null });

  app.post(REPORT_PATH, async (request: FastifyRequest, reply) => {
    const size = Number(request.headers['content-length'] ?? 0);
    const raw = request.body;
    const length = typeof raw === 'string' ? Buffer.byteLength(raw) : JSON.stringify(raw ?? null).length;
    if (size > REPORT_BODY_MAX || length > REPORT_BODY_MAX) return refuse(reply, new Refused(413, 4501, `body: at most ${REPORT_BODY_MAX} bytes`));
    if (!window.take(request.ip)) return refuse(reply, new Refused(429, 429, `at most ${REPORT_BATCHES_PER_MINUTE} report batches a minute from one address`));
    let batch: Batch;
    try {
      batch = readBatch(raw);
    } catch (error) {
      if (error instanceof Refused) return refuse(reply, error);
      throw error;
    }
    const receivedAt = ctx.now();
    await keepReports(ctx.store, receivedAt, batch, REPORTS_KEPT);
    for (const r of batch.reports) {
      ctx.metrics.clientErrors.inc({ kind: r.kind }, r.count);
      log(JSON.stringify({ type: 'client_error', receivedAt, app: batch.app, version: batch.version, build: batch.build, userAgent: batch.userAgent, ...r }));
    }
    return reply.status(204).send();
  });

  app.get<{ Querystring: { limit?: string } }>('/admin/v1/errors', { onRequest: adminOnly(ctx) }, async (request) => {
    const limit = Math.max(1, Math.min(500, Number(request.query.limit ?? 50) || 50));
    return okEnvelope({ list: await newestReports(ctx.store, limit) });
  });
}

export const clientErrorRoutes = (app: FastifyInstance, ctx: ServerContext): void => registerClientErrorRoutes(app, ctx);
