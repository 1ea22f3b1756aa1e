/**
 * The SharedWorker's CPU time, read through the browser's CDP session: the worker is a
 * 'shared_worker' target (Target.getTargets), attached with flatten: false and spoken to
 * through Target.sendMessageToTarget; its V8 sampling profiler (Profiler, 1 ms samples)
 * runs over the measured window, and the busy time is the sampled time not spent idle.
 * Best effort: answers null when the target or the profiler cannot be reached.
 */
import type { Browser, CDPSession } from '@playwright/test';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string };
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
  readonly startTime: number;
  readonly endTime: number;
}

export interface WorkerCpu {
  /** Sampled wall time of the window, ms. */
  readonly windowMs: number;
  /** Sampled time not idle (JavaScript, GC, the engine's own work), ms. */
  readonly busyMs: number;
  /** Of which garbage collection, ms. */
  readonly gcMs: number;
  /** The worker's JavaScript heap after a forced GC, before and after the window, MB (absent in older results, NaN when unread). */
  readonly heapBeforeMB?: number;
  readonly heapAfterMB?: number;
}

export interface WorkerProfiler {
  stop(): Promise<WorkerCpu | null>;
}

/** A CDP session on the SharedWorker (flatten: false: messages through the browser's session). */
export interface WorkerSession {
  call(method: string, params?: object): Promise<unknown>;
  /** Its JavaScript heap after a forced GC, MB; NaN when unread. */
  heapMB(): Promise<number>;
  detach(): Promise<void>;
}

/** Attaches to the shared_worker target whose URL has `urlPart`; null when there is none. */
export async function openWorkerSession(browser: Browser, urlPart: string, log: (line: string) => void): Promise<WorkerSession | null> {
  let session: CDPSession;
  try {
    session = await browser.newBrowserCDPSession();
  } catch (error) {
    log(`worker CPU: no browser CDP session (${String(error)})`);
    return null;
  }
  const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
  const target = targetInfos.find((t) => t.type === 'shared_worker' && t.url.includes(urlPart));
  if (target === undefined) {
    log(`worker CPU: no shared_worker target (${targetInfos.map((t) => t.type).join(', ')})`);
    await session.detach().catch(() => undefined);
    return null;
  }
  const { sessionId } = (await session.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  session.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id === undefined) return;
    const waiter = pending.get(message.id);
    if (waiter === undefined) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  });
  const call = (method: string, params: object = {}): Promise<unknown> => {
    const id = nextId++;
    const answer = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
    void session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch((error: Error) => {
      pending.get(id)?.reject(error);
      pending.delete(id);
    });
    return answer;
  };
  return {
    call,
    // The worker's heap after a forced GC (its 200-entry buffer and every tab's pending lists):
    // a run that grows it is a leak in the one place every tab shares.
    async heapMB() {
      try {
        await call('HeapProfiler.collectGarbage');
        const { usedSize } = (await call('Runtime.getHeapUsage')) as { usedSize: number };
        return usedSize / 2 ** 20;
      } catch {
        return Number.NaN;
      }
    },
    detach: () => session.detach().catch(() => undefined),
  };
}

export async function startWorkerProfiler(browser: Browser, urlPart: string, log: (line: string) => void): Promise<WorkerProfiler | null> {
  const worker = await openWorkerSession(browser, urlPart, log);
  if (worker === null) return null;
  const { call } = worker;
  let heapBeforeMB = Number.NaN;
  try {
    heapBeforeMB = await worker.heapMB();
    await call('Profiler.enable');
    await call('Profiler.setSamplingInterval', { interval: 1000 });
    await call('Profiler.start');
  } catch (error) {
    log(`worker CPU: the profiler did not start (${String(error)})`);
    await worker.detach();
    return null;
  }
  return {
    async stop() {
      try {
        const { profile } = (await call('Profiler.stop')) as { profile: Profile };
        const heapAfterMB = await worker.heapMB();
        const names = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName]));
        let busy = 0;
        let gc = 0;
        const samples = profile.samples ?? [];
        const deltas = profile.timeDeltas ?? [];
        // timeDeltas[i] is the time before sample i: the sample's span is the next delta.
        for (let i = 0; i < samples.length; i++) {
          const span = deltas[i + 1] ?? 0;
          const name = names.get(samples[i]!) ?? '';
          if (name === '(idle)') continue;
          busy += span;
          if (name === '(garbage collector)') gc += span;
        }
        return { windowMs: (profile.endTime - profile.startTime) / 1000, busyMs: busy / 1000, gcMs: gc / 1000, heapBeforeMB, heapAfterMB };
      } catch (error) {
        log(`worker CPU: the profile could not be read (${String(error)})`);
        return null;
      } finally {
        await worker.detach();
      }
    },
  };
}
