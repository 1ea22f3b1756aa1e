/**
 * A TCP proxy in front of a server, for the network benchmark and the browser tests of a
 * weak network (issue 38): everything a page does (its HTTP, its media, the realtime
 * worker's WebSocket, which Chromium's own network emulation does not reach) goes through
 * it, so it can take the network away and give it back, and count the bytes.
 *
 * - `cut()` / `restore()`: an outage. Every open connection is reset and new ones are reset
 *   as they come, as when a phone drops off its cell or Wi-Fi: the browser sees the network
 *   error at once (a silent black hole would only be seen at the next timeout).
 * - `setLoss(p)`: packet loss as TCP shows it to the page: a chunk is held back by a
 *   retransmission timeout (200 ms, doubling for a loss right after) with probability p.
 *   Loss itself cannot be made above TCP; its effect on the page, the stall, can.
 * - `loseAnswers(true)`: requests get through and their answers are lost: when the server
 *   starts answering, both connections are cut, so the client sees its request sent and no
 *   reply (the chaos suite's "answer lost" payment). `answersLost()` counts them.
 * - bytes from the server to the page, counted per run (`bytesDown`, `resetCounters`).
 */
import net from 'node:net';

export interface NetProxy {
  readonly port: number;
  readonly url: string;
  cut(): void;
  restore(): void;
  readonly down: boolean;
  setLoss(probability: number): void;
  loseAnswers(on: boolean): void;
  /** Answers lost (loseAnswers) since the proxy started. */
  answersLost(): number;
  /** Bytes the server sent to the page since the last reset. */
  bytesDown(): number;
  resetCounters(): void;
  close(): Promise<void>;
}

const RTO_MS = 200;

export async function startNetProxy(target: { readonly host: string; readonly port: number }, random: () => number = Math.random): Promise<NetProxy> {
  const sockets = new Set<net.Socket>();
  let down = false;
  let loss = 0;
  let bytes = 0;
  let losingAnswers = false;
  let lostAnswers = 0;

  /** Copies `from` to `to`, holding chunks back as a lossy link's retransmissions would; answers when all is written. */
  const pipe = (from: net.Socket, to: net.Socket, count: boolean): (() => Promise<void>) => {
    let chain = Promise.resolve();
    let lostInRow = 0;
    from.on('data', (chunk: Buffer) => {
      if (count && losingAnswers) {
        lostAnswers++;
        from.destroy();
        to.destroy();
        return;
      }
      if (count) bytes += chunk.length;
      if (loss <= 0) {
        if (!to.write(chunk)) from.pause();
        return;
      }
      const lost = random() < loss;
      lostInRow = lost ? lostInRow + 1 : 0;
      const delay = lost ? RTO_MS * 2 ** Math.min(lostInRow - 1, 4) : 0;
      // In order, as TCP delivers: a held chunk holds back the ones after it.
      chain = chain.then(() => (delay > 0 ? new Promise((resolve) => setTimeout(resolve, delay)) : undefined)).then(() => {
        if (!to.destroyed) to.write(chunk);
      });
    });
    to.on('drain', () => from.resume());
    from.on('end', () => void chain.then(() => to.end()));
    return () => chain;
  };

  const server = net.createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const close = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    pipe(client, upstream, false);
    const downFlushed = pipe(upstream, client, true);
    client.on('close', close);
    // What the server sent before it closed still reaches the page (after any held chunk).
    upstream.on('close', () => void downFlushed().then(close));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    cut() {
      down = true;
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
    },
    restore() {
      down = false;
    },
    get down() {
      return down;
    },
    setLoss(probability) {
      loss = Math.min(1, Math.max(0, probability));
    },
    loseAnswers(on) {
      losingAnswers = on;
    },
    answersLost: () => lostAnswers,
    bytesDown: () => bytes,
    resetCounters() {
      bytes = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        server.close(() => resolve());
      }),
  };
}
