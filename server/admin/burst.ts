/**
 * Chat bursts for demos and the fan-out benchmark (admin API):
 *
 *   POST /admin/v1/rooms/:id/burst       {rate, seconds, users?} -> {rate, seconds, total, users}
 *   POST /admin/v1/rooms/:id/burst/stop  -> {stopped, sent}
 *
 * The answer comes at once; then `rate` chat messages (7101, kept in the chat history like
 * any other) a second are published for `seconds` seconds from `users` simulated viewers,
 * each with `sendTime` = the server clock when it was published, so a receiver can measure
 * delivery delay. Publishing runs in ticks of TICK_MS against a monotonic clock: each tick
 * sends what is due by then, so a late tick catches up instead of losing messages. A second
 * burst on a room replaces the first; server shutdown stops them all.
 */
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import type { RouteModule } from '../http/app.js';
import type { ServerContext } from '../context.js';
import { okEnvelope } from '../http/envelope.js';
import { requireRoom } from '../entry/rooms.js';
import { newChatMessageId } from '../chat/message.js';
import { chatServiceOf, type ChatService } from '../chat/service.js';
import { adminOnly } from './auth.js';
import { fieldsOf, optionalInt, requireInt } from './input.js';
import { roomIdParam } from './liveAdmin.js';
import { burstTraffic } from './burstTraffic.js';

export const TICK_MS = 10;
export const BURST_LIMITS = {
  rate: { min: 1, max: 50_000 },
  seconds: { min: 1, max: 3600 },
  users: { min: 1, max: 10_000 },
} as const;
export const DEFAULT_BURST_USERS = 500;
/** Leading characters of a chat message id kept for a whole burst: its time part and 12 random ones. */
const ID_PREFIX_LENGTH = 20;

export interface BurstPlan {
  readonly webcastId: string;
  readonly rate: number;
  readonly seconds: number;
  readonly users: number;
}

/** One running burst. */
class Burst {
  private sent = 0;
  private readonly total: number;
  private readonly startedAt = performance.now();
  private readonly timer: NodeJS.Timeout;
  /**
   * Message ids are this prefix (the burst's start time and random characters, as
   * newChatMessageId makes them) plus a counter: 32 characters, unique, growing within the
   * burst, and made without 24 random draws per message.
   */
  private readonly idPrefix: string;
  private readonly traffic;
  private readonly chat: ChatService;

  constructor(
    private readonly ctx: ServerContext,
    readonly plan: BurstPlan,
    private readonly onDone: (burst: Burst) => void,
  ) {
    this.total = plan.rate * plan.seconds;
    this.traffic = burstTraffic(plan.users);
    this.chat = chatServiceOf(ctx);
    this.idPrefix = newChatMessageId(ctx.now()).slice(0, ID_PREFIX_LENGTH);
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  get sentSoFar(): number {
    return this.sent;
  }

  private tick(): void {
    const elapsed = performance.now() - this.startedAt;
    const due = Math.min(this.total, Math.floor((this.plan.rate * elapsed) / 1000));
    try {
      while (this.sent < due) this.publishOne();
    } catch (error) {
      // The room log refuses once the server is closing: the burst is over.
      console.error('burst stopped:', error instanceof Error ? error.message : error);
      this.stop();
      return;
    }
    if (this.sent >= this.total) this.stop();
  }

  private publishOne(): void {
    const n = this.sent;
    const { sender, input } = this.traffic.message(n);
    const msgId = this.idPrefix + n.toString(36).padStart(32 - ID_PREFIX_LENGTH, '0');
    // Through the chat service, so burst messages are in the chat history like any other.
    // A message the log refuses (a cluster's Redis away) is one the burst did not send.
    this.chat.publish(this.plan.webcastId, sender, input, { msgId, sentAt: this.ctx.now() }).catch(() => undefined);
    this.sent = n + 1;
  }

  stop(): void {
    clearInterval(this.timer);
    this.onDone(this);
  }
}

/** The bursts running on one server, at most one per room. */
export class Bursts {
  private readonly running = new Map<string, Burst>();

  constructor(private readonly ctx: ServerContext) {}

  async start(plan: BurstPlan): Promise<{ total: number }> {
    this.stop(plan.webcastId);
    await this.addViewers(plan.users);
    const burst = new Burst(this.ctx, plan, (b) => {
      if (this.running.get(plan.webcastId) === b) this.running.delete(plan.webcastId);
    });
    this.running.set(plan.webcastId, burst);
    return { total: plan.rate * plan.seconds };
  }

  /** Stops the room's burst; returns how many it had sent, or null when none ran. */
  stop(webcastId: string): number | null {
    const burst = this.running.get(webcastId);
    if (!burst) return null;
    burst.stop();
    return burst.sentSoFar;
  }

  stopAll(): void {
    for (const webcastId of [...this.running.keys()]) this.stop(webcastId);
  }

  isRunning(webcastId: string): boolean {
    return this.running.has(webcastId);
  }

  /** Simulated viewers are real users, so the host can mute or kick them like anyone. */
  private async addViewers(count: number): Promise<void> {
    const now = this.ctx.now();
    const rows = burstTraffic(count).viewers.map((v) => sql`(${v.uid}, ${v.name}, ${now})`);
    await this.ctx.store.db.transaction().execute(async (tx) => {
      for (let i = 0; i < rows.length; i += 500) {
        await sql`INSERT INTO users (id, name, created_at) VALUES ${sql.join(rows.slice(i, i + 500))} ON CONFLICT (id) DO NOTHING`.execute(tx);
      }
    });
  }
}

export const burstRoutes: RouteModule = (app, ctx) => {
  const bursts = new Bursts(ctx);
  const guard = { onRequest: adminOnly(ctx) };
  app.addHook('onClose', async () => bursts.stopAll());

  app.post('/admin/v1/rooms/:id/burst', guard, async (request) => {
    const webcastId = roomIdParam(request);
    await requireRoom(ctx, webcastId);
    const fields = fieldsOf(request.body);
    const plan: BurstPlan = {
      webcastId,
      rate: requireInt(fields, 'rate', BURST_LIMITS.rate),
      seconds: requireInt(fields, 'seconds', BURST_LIMITS.seconds),
      users: optionalInt(fields, 'users', BURST_LIMITS.users) ?? DEFAULT_BURST_USERS,
    };
    const { total } = await bursts.start(plan);
    return okEnvelope({ rate: plan.rate, seconds: plan.seconds, total, users: plan.users });
  });

  app.post('/admin/v1/rooms/:id/burst/stop', guard, async (request) => {
    const sent = bursts.stop(roomIdParam(request));
    return okEnvelope({ stopped: sent !== null, sent: sent ?? 0 });
  });
};
