/**
 * Who is connected: every logged-in socket, findable by user and by session, so HTTP
 * routes and the admin API can reach a user's sockets (a second login sends 9004 to the
 * older one, a kick closes it, a mic decision is pushed to the applicant).
 *
 * In a cluster, the lookups by user and by room also find the other nodes' sockets
 * (server/cluster/remoteClients.ts): what is sent to one of those goes to its node. The
 * listeners, the lookup by id and by session, and the count are this node's sockets only.
 */
import { encodeFrame, type FrameBody } from '../../src/protocol/frame';
import type { RoomDelivery } from '../rooms/hub.js';
import type { AckBook } from './acks.js';

export interface ConnectedClient {
  readonly id: string;
  readonly userId: string;
  readonly sessionToken: string;
  /** The room the session was issued for (a session belongs to one room). */
  readonly webcastId: string;
  readonly role: number;
  /** Pushes sent to this socket that await an acknowledgement (PROTOCOL 2.2). */
  readonly acks: AckBook;
  /** Writes one frame; never throws (a dead socket just drops it). A room message comes with its delivery. */
  send(frame: string, delivery?: RoomDelivery): void;
  /** Closes the socket; the client will not be told to reconnect by the server. */
  close(code: number, reason: string): void;
}

export type ClientListener = (client: ConnectedClient) => void;

/** The sockets of the other nodes of a cluster. */
export interface RemoteClientSource {
  find(keep: (client: ConnectedClient) => boolean): ConnectedClient[];
}

export class ClientRegistry {
  private remote: RemoteClientSource | null = null;
  private readonly byId = new Map<string, ConnectedClient>();
  private readonly byUser = new Map<string, Set<ConnectedClient>>();
  private readonly addedListeners: ClientListener[] = [];
  private readonly removedListeners: ClientListener[] = [];
  private readonly peerLostListeners: (() => void)[] = [];

  /** Called after a socket logs in (e.g. connect-mic pushes its session snapshot). */
  onAdded(listener: ClientListener): void {
    this.addedListeners.push(listener);
  }

  /** Called after a logged-in socket is gone (e.g. connect-mic notices a network loss). */
  onRemoved(listener: ClientListener): void {
    this.removedListeners.push(listener);
  }

  /**
   * Called when another node of a cluster is gone (it said so, or fell silent) with its
   * sockets, and whatever it was timing for them (e.g. connect-mic's reconnect grace).
   */
  onPeerLost(listener: () => void): void {
    this.peerLostListeners.push(listener);
  }

  peerLost(): void {
    for (const listener of this.peerLostListeners) {
      try {
        listener();
      } catch (error) {
        console.error('peer lost listener failed:', error);
      }
    }
  }

  add(client: ConnectedClient): void {
    this.byId.set(client.id, client);
    let set = this.byUser.get(client.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(client.userId, set);
    }
    set.add(client);
    this.notify(this.addedListeners, client);
  }

  remove(client: ConnectedClient): void {
    if (!this.byId.delete(client.id)) return;
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set && set.size === 0) this.byUser.delete(client.userId);
    this.notify(this.removedListeners, client);
  }

  /** A failing listener is logged: it runs inside socket events, where a throw would be uncaught. */
  private notify(listeners: readonly ClientListener[], client: ConnectedClient): void {
    for (const listener of listeners) {
      try {
        listener(client);
      } catch (error) {
        console.error('client listener failed:', error);
      }
    }
  }

  /** Adds the other nodes' sockets to the lookups by user and by room. */
  setRemote(remote: RemoteClientSource): void {
    this.remote = remote;
  }

  /** This node's sockets. */
  localClients(): ConnectedClient[] {
    return [...this.byId.values()];
  }

  ofUser(userId: string): ConnectedClient[] {
    const local = [...(this.byUser.get(userId) ?? [])];
    return this.remote === null ? local : [...local, ...this.remote.find((c) => c.userId === userId)];
  }

  /** The user's sockets whose session is for this room. */
  ofUserInRoom(userId: string, webcastId: string): ConnectedClient[] {
    return this.ofUser(userId).filter((c) => c.webcastId === webcastId);
  }

  /** Every socket whose session is for this room (joined to it or not). */
  ofRoom(webcastId: string): ConnectedClient[] {
    const local = [...this.byId.values()].filter((c) => c.webcastId === webcastId);
    return this.remote === null ? local : [...local, ...this.remote.find((c) => c.webcastId === webcastId)];
  }

  /** This node's sockets of the session (another node's are reached by a note: socket/sessionsEnd.ts). */
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
