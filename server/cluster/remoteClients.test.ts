/**
 * The other nodes' sockets as a node sees them: found while their node is heard from,
 * forgotten when it says it is gone or falls silent for COUNT_STALE_MS, and the registry
 * told a peer was lost (so connect-mic takes up the graces that node was timing); never
 * while this node does not hear its own notes (Redis away: everyone is silent).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Redis } from 'ioredis';
import { ClientRegistry } from '../socket/clients.js';
import { COUNT_HEARTBEAT_MS, COUNT_STALE_MS } from './clusterHub.js';
import { NodeBus } from './nodeBus.js';
import { RemoteClients } from './remoteClients.js';

const told: string[] = [];
const fakeRedis = { publish: (_channel: string, payload: string) => (told.push(payload), Promise.resolve(1)) } as unknown as Redis;
const card = { id: 'c1', userId: 'viewer', webcastId: '10001', role: 1 };
const hear = (bus: NodeBus, from: string, note: unknown) => bus.heard(JSON.stringify({ from, note }));

let now = 0;
let remote: RemoteClients;
let registry: ClientRegistry;
let bus: NodeBus;
let lost: number;

beforeEach(() => {
  vi.useFakeTimers();
  now = 1_000_000;
  told.length = 0;
  bus = new NodeBus('me', fakeRedis, () => now);
  registry = new ClientRegistry();
  remote = new RemoteClients(bus, registry, () => now);
  registry.setRemote(remote);
  lost = 0;
  registry.onPeerLost(() => (lost += 1));
});

afterEach(() => {
  remote.close();
  vi.useRealTimers();
});

describe('the sockets of the other nodes', () => {
  it('are found while their node is heard from, and forgotten with a lost peer when it falls silent', () => {
    hear(bus, 'b', { type: 'clients', clients: [card], full: true });
    expect(registry.ofUserInRoom('viewer', '10001').map((c) => c.id)).toEqual(['b/c1']);
    // Heard again within the window: still there, nothing lost.
    now += COUNT_STALE_MS - 1000;
    hear(bus, 'b', { type: 'clients', clients: [card], full: true });
    now += COUNT_HEARTBEAT_MS;
    vi.advanceTimersByTime(COUNT_HEARTBEAT_MS);
    expect(lost).toBe(0);
    expect(registry.ofUser('viewer')).toHaveLength(1);
    // Silent past the window while this node hears itself: the next heartbeat forgets the node, once.
    now += COUNT_STALE_MS;
    hear(bus, 'me', { type: 'clients', clients: [], full: true });
    vi.advanceTimersByTime(COUNT_HEARTBEAT_MS);
    expect(registry.ofUser('viewer')).toEqual([]);
    expect(lost).toBe(1);
    vi.advanceTimersByTime(COUNT_HEARTBEAT_MS * 3);
    expect(lost).toBe(1);
  });

  it('are kept while this node does not hear its own notes either (Redis away), and forgotten once it does', () => {
    hear(bus, 'me', { type: 'clients', clients: [], full: true });
    hear(bus, 'b', { type: 'clients', clients: [card], full: true });
    now += COUNT_STALE_MS + 1000;
    vi.advanceTimersByTime(COUNT_HEARTBEAT_MS * 3);
    expect(lost).toBe(0);
    hear(bus, 'me', { type: 'clients', clients: [], full: true });
    vi.advanceTimersByTime(COUNT_HEARTBEAT_MS);
    expect(lost).toBe(1);
    expect(registry.ofUser('viewer')).toEqual([]);
  });

  it('are forgotten at once when their node says it is gone; a gone node never heard of loses nothing', () => {
    hear(bus, 'b', { type: 'clients', clients: [card], full: true });
    hear(bus, 'c', { type: 'gone' });
    expect(lost).toBe(0);
    hear(bus, 'b', { type: 'gone' });
    expect(lost).toBe(1);
    expect(registry.ofUser('viewer')).toEqual([]);
  });
});
