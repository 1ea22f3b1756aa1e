/**
 * The HTTP side of the reference server: one fastify instance serving every service,
 * the admin API, metrics and the built client. Route modules register themselves through
 * `RouteModule`; this file owns what is common: body parsing, the envelope on every
 * refusal, metrics, and the never-500-on-bad-input rule.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { ServerContext } from '../context.js';
import { BizError, STORE_UNAVAILABLE } from './envelope.js';
import { isStoreUnavailable, storeReachable } from '../store/sqlStore.js';
import { embedOriginsReader } from './origins.js';
import { BODY_LIMIT, registerBodyLimit } from './bodyLimit.js';
import { registerDecimalTextCheck } from './decimalText.js';
import { mayReadMetrics } from './metricsAccess.js';
import { limitedServerFactory } from './connectionLimits.js';

export type RouteModule = (app: FastifyInstance, ctx: ServerContext) => void | Promise<void>;

export interface BuildAppOptions {
  readonly routes: readonly RouteModule[];
  readonly logger?: boolean;
  /** Addresses the per-address connection cap leaves alone (default: loopback). */
  readonly connectionCapExempt?: (address: string) => boolean;
}

/** Fastify's own client-error codes that mean "your input", answered as code 4501. */
function isInputError(error: FastifyError): boolean {
  return (
    error.validation !== undefined ||
    error instanceof SyntaxError ||
    (typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP_')) ||
    (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 404)
  );
}

/**
 * Headers on every answer: a Content-Security-Policy whose scripts come only from this
 * origin (no inline script, no eval) and whose `frame-ancestors` are this origin and the
 * embedding sites of config.js (`allowedOrigins`), so another site cannot frame a page with
 * pay buttons (clickjacking); X-Frame-Options for browsers without frame-ancestors, while no
 * other site may embed; nosniff; a referrer policy that gives other sites the origin only.
 * Pictures come from this origin, PUBLIC_URL's and IMAGE_ORIGINS only; media and
 * connections stay open to any http(s) host (CDN streams and the configured services may
 * live anywhere).
 */
function imageSources(ctx: ServerContext): string[] {
  const publicOrigin = ctx.config.publicUrl === null ? [] : [new URL(ctx.config.publicUrl).origin];
  return [...new Set([...publicOrigin, ...ctx.config.imageOrigins])];
}

async function registerSecurityHeaders(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const embedOrigins = embedOriginsReader(ctx.config.clientDir, (message) => app.log.warn(message));
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Pictures from this server and the deployment's own picture hosts only: a picture
        // from anywhere would tell its host every viewer's address (chat/pictureSource.ts).
        imgSrc: ["'self'", 'data:', 'blob:', ...imageSources(ctx)],
        mediaSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
        connectSrc: ["'self'", 'http:', 'https:', 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'http:', 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", () => embedOrigins().join(' ')],
      },
    },
    // Decided per answer below: X-Frame-Options cannot name other sites.
    frameguard: false,
    // A deployment's TLS front decides HSTS; this server may well be reached over plain http.
    strictTransportSecurity: false,
    // Chat pictures and streams are loaded by the client from wherever config.js's services are.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Stream CDNs commonly check the Referer's site (anti-leech): send the origin, never the path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (embedOrigins().length === 0) reply.header('x-frame-options', 'SAMEORIGIN');
    return payload;
  });
}

/** How long /healthz waits for the store to answer before it says degraded. */
const HEALTH_STORE_TIMEOUT_MS = 1000;

export async function buildApp(ctx: ServerContext, options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Answered by registerBodyLimit (bodyLimit.ts) before the framework's check can trip.
    bodyLimit: BODY_LIMIT,
    // Path parameters (a nickname in update_name, a room id) up to this length reach the
    // routes and their schemas (a clear 4501); the router's default of 100 would answer a
    // longer one with HTTP 414 before any route sees it.
    routerOptions: { maxParamLength: 2048 },
    // Closing ends every connection, not only idle ones: a live FLV viewer never finishes
    // its response by itself, and a close that waits for it hangs (seen in the media tests).
    forceCloseConnections: true,
    // The viewer's address behind the deployment's own reverse proxies (TRUST_PROXY).
    trustProxy: ctx.config.trustProxy ?? false,
    serverFactory: limitedServerFactory({
      idleMs: ctx.config.requestIdleMs,
      requestMs: ctx.config.requestTimeoutMs,
      maxPerAddress: ctx.config.maxConnectionsPerAddress,
      ...(options.connectionCapExempt ? { exempt: options.connectionCapExempt } : {}),
      onRefused: () => ctx.metrics.connectionsRefused.inc(),
    }),
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    // A URL whose percent-encoding is not UTF-8 (an overlong "..", %c0%ae, among them) names
    // nothing: HTTP 400 with an envelope like every other answer, not the framework's body.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).status(400).send({ code: 400, msg: error.code === 'FST_ERR_BAD_URL' ? 'bad URL: not valid percent-encoded UTF-8' : `bad request: ${error.message}`, data: null });
    },
  });

  registerBodyLimit(app);
  registerDecimalTextCheck(app);
  await app.register(formbody);
  await registerSecurityHeaders(app, ctx);
  // The client may be served from another origin than the services (config.js services):
  // those origins are listed in CORS_ORIGINS; by default only the page's own origin calls.
  await app.register(cors, {
    origin: ctx.config.corsOrigins === null ? false : ctx.config.corsOrigins === '*' ? true : [...ctx.config.corsOrigins],
    credentials: false,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['content-type', 'token', 'token_type', 'idempotency-key', 'device-id'],
    maxAge: 600,
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    ctx.metrics.httpRequests.inc({ route, method: request.method, status: String(reply.statusCode) });
    ctx.metrics.httpLatency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BizError) return reply.status(200).send(error.toEnvelope());
    if (isInputError(error)) {
      const where = error.validationContext ? `${error.validationContext}` : 'request';
      const why = error.validation ? error.message : error.message || 'malformed input';
      return reply.status(200).send({ code: 4501, msg: `${where}: ${why}`, data: null });
    }
    // The store away (PostgreSQL restarting): a clear status at once, never a hang; nothing
    // was half-written (every rule is a transaction), and the next call tries again.
    if (isStoreUnavailable(error)) return reply.status(503).send({ code: 503, msg: STORE_UNAVAILABLE, data: null });
    request.log.error(error);
    return reply.status(500).send({ code: 500, msg: 'internal server error', data: null });
  });

  app.get('/healthz', async () => {
    const cluster = ctx.cluster?.health() ?? null;
    const storeUp = await storeReachable(ctx.store, HEALTH_STORE_TIMEOUT_MS);
    const status = storeUp && (cluster === null || cluster.ready) ? 'up' : 'degraded';
    const store = { engine: ctx.store.engine, reachable: storeUp };
    return { code: 200, msg: 'ok', data: { status, time: ctx.now(), store, ...(cluster === null ? {} : { cluster }) } };
  });
  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, ctx.config.metricsToken)) {
      return reply.status(403).send({ code: 403, msg: 'metrics: set METRICS_TOKEN and send it as a bearer token, or ask from this machine', data: null });
    }
    reply.header('content-type', ctx.metrics.registry.contentType);
    return ctx.metrics.registry.metrics();
  });

  for (const register of options.routes) await register(app, ctx);
  return app;
}
