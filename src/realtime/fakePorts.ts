/**
 * Test doubles of the session ports (ports.ts): a clock whose time moves only when a test
 * advances it, and a socket factory whose sockets record what is sent and let the test
 * open, close and deliver. Pure code, so it typechecks with the pure layer; only tests
 * import it.
 */
import type { Clock, Logger, RandomBytes, SocketFactory, SocketLike, TimerId } from './ports';

interface Timer {
  readonly id: number;
  readonly due: number;
  readonly fn: () => void;
  /** Runs again this often after it fires (setInterval); absent for a one-off. */
  readonly every?: number;
}

export interface FakeClock extends Clock {
  /** Also the screens' interval timers (src/ui/clock.ts UiClock). */
  setInterval(fn: () => void, ms: number): TimerId;
  clearInterval(id: TimerId): void;
  /** Moves time forward, running every timer that falls due, in due order. */
  advance(ms: number): void;
  /** Timers scheduled and not yet run or cleared. */
  readonly timerCount: number;
}

export function createFakeClock(start = 0): FakeClock {
  let time = start;
  let nextId = 1;
  const timers = new Map<number, Timer>();
  return {
    now: () => time,
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.set(id, { id, due: time + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout(id: TimerId) {
      if (typeof id === 'number') timers.delete(id);
    },
    setInterval(fn, ms) {
      const id = nextId++;
      // A zero interval would fire forever inside one advance(); browsers clamp it too.
      const every = Math.max(1, ms);
      timers.set(id, { id, due: time + every, fn, every });
      return id;
    },
    clearInterval(id: TimerId) {
      if (typeof id === 'number') timers.delete(id);
    },
    advance(ms) {
      const end = time + ms;
      for (;;) {
        let first: Timer | undefined;
        for (const t of timers.values()) if (t.due <= end && (first === undefined || t.due < first.due || (t.due === first.due && t.id < first.id))) first = t;
        if (first === undefined) break;
        timers.delete(first.id);
        time = first.due;
        // Rescheduled before it runs, so the callback may clear its own interval.
        if (first.every !== undefined) timers.set(first.id, { ...first, due: first.due + first.every });
        first.fn();
      }
      time = end;
    },
    get timerCount() {
      return timers.size;
    },
  };
}

export class FakeSocket implements SocketLike {
  readonly sent: string[] = [];
  closedWith: { code: number | undefined; reason: string | undefined } | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { readonly data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  send(text: string): void {
    this.sent.push(text);
  }
  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
  }
  /** The server side: the socket opened. */
  open(): void {
    this.onopen?.({});
  }
  deliver(data: unknown): void {
    this.onmessage?.({ data });
  }
  /** The connection dropped (or never opened): error then close, as browsers do. */
  drop(): void {
    this.onerror?.({});
    this.onclose?.({ code: 1006 });
  }
}

export interface FakeSocketFactory {
  readonly factory: SocketFactory;
  readonly sockets: FakeSocket[];
  /** The latest socket made; throws when none was, which fails the test that asked. */
  readonly last: FakeSocket;
  /** Make the next calls of the factory throw, as a browser does on a bad url. */
  throwing: boolean;
}

export function createFakeSocketFactory(): FakeSocketFactory {
  const sockets: FakeSocket[] = [];
  const self: FakeSocketFactory = {
    sockets,
    throwing: false,
    factory: (url) => {
      if (self.throwing) throw new Error('cannot open');
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    get last() {
      const socket = sockets[sockets.length - 1];
      if (socket === undefined) throw new Error('no socket was made');
      return socket;
    },
  };
  return self;
}

export interface RecordingLogger extends Logger {
  readonly errors: string[];
  readonly warnings: string[];
}

export function createRecordingLogger(): RecordingLogger {
  const errors: string[] = [];
  const warnings: string[] = [];
  return {
    errors,
    warnings,
    error: (message) => void errors.push(message),
    warn: (message) => void warnings.push(message),
  };
}

/**
 * A deterministic random source for tests: bytes counting up (below 248, so random ids take
 * every byte without rejecting any). Each call of the factory counts on from where it was.
 */
export function createCountingRandom(): RandomBytes {
  let counter = 0;
  return (bytes) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = counter++ % 248;
  };
}
