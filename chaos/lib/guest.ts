/** A guest login to a room of a reference server (docs/protocol.md 1.3), for the chaos scenarios. */
import type { BenchServer } from '../../harness/serverProcess';

export interface GuestLogin {
  /** The HTTP calls' `token` header. */
  readonly token: string;
  /** The socket login's `sid`. */
  readonly sid: string;
}

export async function guestLogin(server: BenchServer, room: string): Promise<GuestLogin> {
  const response = await fetch(`${server.url}/ccp/monitor/v2/live_login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ webcastId: room, type: 'guest' }) });
  const answer = (await response.json()) as { code: number; msg?: string; data?: { token?: unknown; sid?: unknown } };
  const data = answer.data;
  if (answer.code !== 200 || typeof data?.token !== 'string' || typeof data.sid !== 'string') throw new Error(`guest login to ${room} refused: ${answer.code} ${answer.msg ?? ''}`);
  return { token: data.token, sid: data.sid };
}
