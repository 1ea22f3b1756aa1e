/**
 * Where the host side's control is mounted: the admin API (the admin token, `npm run room`)
 * and the console (a host or assistant login of the room). A route module that takes a
 * mount registers its routes once for each, so the CLI and the console call the same server
 * code (issue 15 item 4); what stays admin-only (the platform's switches, money, load and
 * network simulation) is registered under the admin token alone.
 */
import type { onRequestHookHandler } from 'fastify';
import type { ServerContext } from '../context.js';
import { adminOnly, staffOfRoom } from './auth.js';

export interface HostControlMount {
  /** The path before `/:id/...`: `/admin/v1/rooms` or `/ccp/monitor/v1/host/rooms`. */
  readonly base: string;
  /** Checked on request, before the body is parsed or validated. */
  readonly onRequest: onRequestHookHandler;
}

export const ADMIN_ROOMS = '/admin/v1/rooms';
export const HOST_ROOMS = '/ccp/monitor/v1/host/rooms';

/** The admin token's mount and the console's. */
export const hostMounts = (ctx: ServerContext): readonly HostControlMount[] => [
  { base: ADMIN_ROOMS, onRequest: adminOnly(ctx) },
  { base: HOST_ROOMS, onRequest: staffOfRoom(ctx) },
];
