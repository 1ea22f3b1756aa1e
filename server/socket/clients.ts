/**
 * Who is connected: every logged-in socket, findable by user and by session, so HTTP
 * routes and the admin API can reach a user's sockets (a second login sends 9004 to the
 * older one, a kick closes it, a mic decision is pushed to the applicant).
 */
import { encodeFrame, type FrameBody } from '../../src/realtime/frame';

export interface ConnectedClient {
  readonly id: string;
  readonly userId: string;
  readonly sessionToken: string;
  readonly role: number;
  /** Writes one frame; never throws (a dead socket just drops it). */
  send(frame: string): void;
  /** Closes the socket; the client will not be told to reconnect by the server. */
  close(code: number, reason: string): void;
}

export class ClientRegistry {
  private readonly byId = new Map<string, ConnectedClient>();
  private readonly byUser = new Map<string, Set<ConnectedClient>>();

  add(client: ConnectedClient): void {
    this.byId.set(client.id, client);
    let set = this.byUser.get(client.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(client.userId, set);
    }
    set.add(client);
  }

  remove(client: ConnectedClient): void {
    this.byId.delete(client.id);
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set && set.size === 0) this.byUser.delete(client.userId);
  }

  ofUser(userId: string): ConnectedClient[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  ofSession(token: string): ConnectedClient[] {
    return [...this.byId.values()].filter((c) => c.sessionToken === token);
  }

  get(id: string): ConnectedClient | undefined {
    return this.byId.get(id);
  }

  count(): number {
    return this.byId.size;
  }

  /** Sends a push (no seq) to every socket of a user; returns how many got it. */
  pushToUser(userId: string, code: number, body: FrameBody): number {
    const clients = this.ofUser(userId);
    if (clients.length === 0) return 0;
    const frame = encodeFrame({ code, body });
    for (const c of clients) c.send(frame);
    return clients.length;
  }
}
