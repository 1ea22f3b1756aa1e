/**
 * Simulated network drops (reference server only, for demos and browser tests): the host
 * cuts one user's sockets in a room and, for some seconds, closes any socket of theirs as
 * soon as it logs in, without an answer, as a network that keeps failing would. The
 * client sees only lost sockets and keeps reconnecting; when the time is up it gets back
 * in, rejoins with its last offset and must account for what it missed. Kept in memory:
 * a restart ends every drop.
 */
import type { ServerContext } from '../context.js';
import { CLOSE } from './closeCodes.js';

const drops = new WeakMap<ServerContext, Map<string, number>>();

const key = (webcastId: string, userId: string) => `${webcastId}\u0000${userId}`;

/** Cuts the user's sockets in the room for `seconds`; answers how many were open. */
export function dropNetwork(ctx: ServerContext, webcastId: string, userId: string, seconds: number): number {
  let byUser = drops.get(ctx);
  if (byUser === undefined) {
    byUser = new Map();
    drops.set(ctx, byUser);
  }
  byUser.set(key(webcastId, userId), ctx.now() + seconds * 1000);
  const sockets = ctx.clients.ofUserInRoom(userId, webcastId);
  for (const socket of sockets) socket.close(CLOSE.networkDrop, 'network drop (simulated)');
  return sockets.length;
}

/** Whether a socket login of this user in this room falls in a drop (expired drops are forgotten). */
export function inNetworkDrop(ctx: ServerContext, webcastId: string, userId: string): boolean {
  const byUser = drops.get(ctx);
  const until = byUser?.get(key(webcastId, userId));
  if (until === undefined) return false;
  if (until > ctx.now()) return true;
  byUser?.delete(key(webcastId, userId));
  return false;
}
