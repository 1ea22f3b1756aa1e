/**
 * A TCP proxy of the suite's own in front of the reference server that lets requests through
 * and loses the answers: when the server starts answering, both connections are cut, so
 * the client sees its request sent and no reply (the money scenario's "answer lost").
 */
import net from 'node:net';

export interface DropProxy {
  readonly url: string;
  /** Answers lost so far. */
  dropped(): number;
  close(): Promise<void>;
}

export async function startDropProxy(target: URL): Promise<DropProxy> {
  let dropped = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // A cut connection errors on the other side too: expected here.
      socket.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.once('data', () => {
      dropped++;
      upstream.destroy();
      client.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    dropped: () => dropped,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
