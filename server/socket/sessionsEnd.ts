/**
 * One account, one live login: when the same account logs in again (another browser or
 * device), its older sessions end, their sockets get push 9004 and are closed (PROTOCOL
 * 2.2). Two tabs of one browser share one session (same token and sid), so they are never
 * "another device". Called by the live login when it creates a session, and by the socket
 * server when a socket logs in (whichever notices first; the second finds nothing to end).
 *
 * In a cluster the sockets may be on any node: the session's end is in the shared store, and
 * every other node is told to close its sockets of it too (listenForRemoteEnds).
 */
import { encodeFrame } from '../../src/protocol/frame';
import type { ServerContext } from '../context.js';
import { CLOSE } from './closeCodes.js';

/** Sends the frame (if any) to this node's sockets of the session and closes them. */
function closeSessionHere(ctx: ServerContext, token: string, frame: string | null, closeCode: number, reason: string): void {
  for (const client of ctx.clients.ofSession(token)) {
    if (frame !== null) client.send(frame);
    client.close(closeCode, reason);
  }
}

function closeSessionEverywhere(ctx: ServerContext, token: string, frame: string | null, closeCode: number, reason: string): void {
  closeSessionHere(ctx, token, frame, closeCode, reason);
  ctx.cluster?.nodes.tell({ type: 'endSession', token, frame, closeCode, reason });
}

export async function endOtherSessions(ctx: ServerContext, userId: string, exceptToken: string): Promise<number> {
  const others = await ctx.sessions.othersOf(userId, exceptToken);
  if (others.length === 0) return 0;
  const frame = encodeFrame({ code: 9004, body: { status: 4005, msg: 'your account logged in on another device' } });
  for (const session of others) {
    await ctx.sessions.end(session.token);
    closeSessionEverywhere(ctx, session.token, frame, CLOSE.loggedInElsewhere, 'logged in elsewhere');
  }
  return others.length;
}

/** Ends every session of a user in one room and closes their sockets there (a kick). */
export async function endSessionsInRoom(ctx: ServerContext, userId: string, webcastId: string, closeCode: number, reason: string): Promise<number> {
  const sessions = (await ctx.sessions.othersOf(userId, '')).filter((s) => s.webcastId === webcastId);
  for (const session of sessions) await ctx.sessions.end(session.token);
  // In a cluster this finds the other nodes' sockets too, and closing one goes to its node.
  for (const client of ctx.clients.ofUserInRoom(userId, webcastId)) client.close(closeCode, reason);
  return sessions.length;
}

/**
 * Ends one session at once (its owner logged out): the token answers 402 from now on, and
 * its sockets are told with push 1100 status 4013 and closed, so every tab of the browser
 * (one socket through the shared worker, or one per tab without it) learns it together.
 */
export async function endSession(ctx: ServerContext, token: string): Promise<void> {
  await ctx.sessions.end(token);
  const frame = encodeFrame({ code: 1100, body: { status: 4013, msg: 'you have logged out' } });
  closeSessionEverywhere(ctx, token, frame, CLOSE.loggedOut, 'logged out');
}

/** A cluster's node closes its sockets of sessions another node ended. Returns the unsubscribe. */
export function listenForRemoteEnds(ctx: ServerContext): () => void {
  if (ctx.cluster === null) return () => undefined;
  return ctx.cluster.nodes.onNote((_from, note) => {
    if (note.type === 'endSession') closeSessionHere(ctx, note.token, note.frame, note.closeCode, note.reason);
  });
}
