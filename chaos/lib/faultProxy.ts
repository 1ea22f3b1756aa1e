/**
 * A TCP proxy of the suite's own between the browser and the reference server (issue 17
 * item 1). Everything the page loads goes through it, so the login's socket address (built
 * from the request's Host when PUBLIC_URL is unset) points at it too. It can:
 *
 * - cut every WebSocket connection at once (the page's HTTP connections are left alone: a
 *   cut socket is the fault under test, a failed page load is not);
 * - delay each chunk by a random time, order kept per direction (a congested link);
 * - fragment each chunk into pieces of a few bytes written separately (TCP segments that
 *   split WebSocket frames, and the frames' UTF-8 characters, anywhere);
 * - go offline for a while: every connection cut, and new ones refused until it is over.
 */
import net from 'node:net';

export type FaultMode = 'pass' | 'delay' | 'fragment';

export interface FaultProxyOptions {
  /** Longest extra delay of a chunk in `delay` mode, ms. */
  readonly maxDelayMs?: number;
  /** Largest piece in `fragment` mode, bytes. */
  readonly maxPieceBytes?: number;
}

export interface FaultProxy {
  readonly url: string;
  setMode(mode: FaultMode): void;
  /** Cuts every open WebSocket connection (both sides); returns how many. */
  cutSockets(): number;
  /** New connections go to `target` from now on (a server started again on another port). */
  retarget(target: URL): void;
  /** Cuts every connection and refuses new ones for `ms` (the browser is offline). */
  goOffline(ms: number): void;
  /** WebSocket connections open now. */
  socketsOpen(): number;
  /** WebSocket connections opened so far. */
  socketsOpened(): number;
  close(): Promise<void>;
}

const WEBSOCKET_UPGRADE = /\r\nupgrade:\s*websocket/i;

/**
 * One direction of a connection: chunks leave in the order they came, each when it is due.
 * Due times never decrease, so a delayed chunk holds back the ones behind it, as on a link.
 */
class OrderedPipe {
  private readonly queue: { due: number; data: Buffer }[] = [];
  private lastDue = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly to: net.Socket) {}

  send(data: Buffer, delayMs: number): void {
    this.lastDue = Math.max(this.lastDue, Date.now() + delayMs);
    this.queue.push({ due: this.lastDue, data });
    this.drain();
  }

  private drain(): void {
    if (this.timer !== null) return;
    const now = Date.now();
    while (this.queue.length > 0 && this.queue[0]!.due <= now) {
      if (this.to.destroyed) {
        this.queue.length = 0;
        return;
      }
      this.to.write(this.queue.shift()!.data);
    }
    if (this.queue.length > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.drain();
      }, Math.max(1, this.queue[0]!.due - now));
    }
  }
}

export async function startFaultProxy(firstTarget: URL, options: FaultProxyOptions = {}): Promise<FaultProxy> {
  const maxDelayMs = options.maxDelayMs ?? 250;
  const maxPieceBytes = options.maxPieceBytes ?? 48;
  let mode: FaultMode = 'pass';
  let opened = 0;
  let offlineUntil = 0;
  let target = firstTarget;
  const all = new Set<net.Socket>();
  const websockets = new Set<readonly [net.Socket, net.Socket]>();

  const forward = (pipe: OrderedPipe, data: Buffer): void => {
    if (mode === 'pass') pipe.send(data, 0);
    else if (mode === 'delay') pipe.send(data, Math.random() * maxDelayMs);
    else {
      // Each piece a write of its own, a millisecond apart at most: separate TCP segments.
      for (let at = 0; at < data.length; ) {
        const size = 1 + Math.floor(Math.random() * maxPieceBytes);
        pipe.send(data.subarray(at, at + size), Math.random() < 0.1 ? 1 : 0);
        at += size;
      }
    }
  };

  const server = net.createServer((client) => {
    if (Date.now() < offlineUntil) {
      client.on('error', () => undefined);
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    const pair = [client, upstream] as const;
    for (const socket of pair) {
      all.add(socket);
      socket.setNoDelay(true);
      // A cut connection errors on the other side too: expected here.
      socket.on('error', () => undefined);
      socket.on('close', () => {
        all.delete(socket);
        websockets.delete(pair);
        for (const other of pair) other.destroy();
      });
    }
    const up = new OrderedPipe(upstream);
    const down = new OrderedPipe(client);
    let first = true;
    client.on('data', (data: Buffer) => {
      if (first) {
        first = false;
        if (WEBSOCKET_UPGRADE.test(data.toString('latin1'))) {
          websockets.add(pair);
          opened++;
        }
      }
      forward(up, data);
    });
    upstream.on('data', (data: Buffer) => forward(down, data));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    setMode: (next) => {
      mode = next;
    },
    cutSockets: () => {
      const cut = websockets.size;
      // Out of the set now: 'close' comes a tick later, and a caller may ask again before.
      for (const pair of [...websockets]) {
        websockets.delete(pair);
        for (const socket of pair) socket.destroy();
      }
      return cut;
    },
    retarget: (next) => {
      target = next;
    },
    goOffline: (ms) => {
      offlineUntil = Date.now() + ms;
      websockets.clear();
      for (const socket of all) socket.destroy();
    },
    socketsOpen: () => websockets.size,
    socketsOpened: () => opened,
    close: () =>
      new Promise((resolve) => {
        for (const socket of all) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
