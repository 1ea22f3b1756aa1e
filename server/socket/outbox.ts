/**
 * The write side of one socket. Frames queued in one turn of the event loop are written
 * together with the TCP socket corked, so a busy room costs one writev per socket per turn
 * instead of one per message. A frame's UTF-8 bytes are made once even when the hub hands
 * the same frame text to every socket of a room (it does so in one synchronous loop, so a
 * one-entry cache catches it).
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** A socket whose unsent data passes this is too slow to follow its rooms; it is closed. */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

let lastText: string | null = null;
let lastBytes: Buffer = Buffer.alloc(0);

function bytesOf(frame: string): Buffer {
  if (frame !== lastText) {
    lastBytes = Buffer.from(frame, 'utf8');
    lastText = frame;
  }
  return lastBytes;
}

const AS_TEXT = { binary: false } as const;

export class Outbox {
  private queue: Buffer[] = [];
  private scheduled = false;
  private stopped = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly socket: Duplex,
    /** Called once when the peer reads too slowly (the caller closes the socket). */
    private readonly onOverflow: () => void,
    private readonly onFramesWritten: (count: number) => void,
  ) {}

  push(frame: string): void {
    if (this.stopped) return;
    this.queue.push(bytesOf(frame));
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  /** Writes everything queued now (also called right before a close, so nothing queued is lost). */
  readonly flush = (): void => {
    this.scheduled = false;
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    if (this.stopped || this.ws.readyState !== this.ws.OPEN) return;
    this.socket.cork();
    try {
      for (const bytes of batch) this.ws.send(bytes, AS_TEXT);
    } finally {
      this.socket.uncork();
    }
    this.onFramesWritten(batch.length);
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.stop();
      this.onOverflow();
    }
  };

  /** Drops whatever is queued and accepts nothing more. */
  stop(): void {
    this.stopped = true;
    this.queue = [];
  }
}
