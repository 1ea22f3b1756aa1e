import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNetProxy, type NetProxy } from '../../harness/netProxy';

describe('the network proxy of the weak-network tests', () => {
  let server: http.Server;
  let proxy: NetProxy;
  let lossy: NetProxy;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('x'.repeat(1000)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const target = { host: '127.0.0.1', port: (server.address() as AddressInfo).port };
    proxy = await startNetProxy(target);
    // Every chunk "lost" once: each waits a retransmission timeout.
    lossy = await startNetProxy(target, () => 0);
  });
  afterAll(async () => {
    await proxy.close();
    await lossy.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('passes requests through and counts the bytes that come down', async () => {
    const body = await (await fetch(proxy.url, { headers: { connection: 'close' } })).text();
    expect(body).toHaveLength(1000);
    expect(proxy.bytesDown()).toBeGreaterThan(1000);
    proxy.resetCounters();
    expect(proxy.bytesDown()).toBe(0);
  });

  it('an outage refuses every connection until the network is back', async () => {
    proxy.cut();
    expect(proxy.down).toBe(true);
    await expect(fetch(proxy.url, { headers: { connection: 'close' } })).rejects.toThrow();
    proxy.restore();
    expect((await fetch(proxy.url, { headers: { connection: 'close' } })).status).toBe(200);
  });

  it('loss holds chunks back by a retransmission timeout, in order', async () => {
    lossy.setLoss(0.5);
    const started = Date.now();
    const body = await (await fetch(lossy.url, { headers: { connection: 'close' } })).text();
    expect(body).toHaveLength(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('losing answers lets the request reach the server and cuts the answer; off again, answers come', async () => {
    let requests = 0;
    server.on('request', () => requests++);
    proxy.loseAnswers(true);
    await expect(fetch(proxy.url, { headers: { connection: 'close' } })).rejects.toThrow();
    expect(requests).toBe(1);
    expect(proxy.answersLost()).toBe(1);
    proxy.loseAnswers(false);
    expect((await fetch(proxy.url, { headers: { connection: 'close' } })).status).toBe(200);
    expect(proxy.answersLost()).toBe(1);
  });
});
