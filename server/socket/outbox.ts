/**
 * The write side of one socket. Frames queued in one turn of the event loop are written
 * together with the TCP socket corked, so a busy room costs one writev per socket per turn
 * instead of one per message.
 *
 * A frame goes out as one unmasked WebSocket text message (RFC 6455 5.2), and a server's
 * messages are the same bytes for every peer: the wire bytes are built once even when the
 * hub hands the same frame text to every socket of a room (it does so in one synchronous
 * loop, so a one-entry cache catches it) and written straight to the TCP socket. This is
 * safe beside ws's own writes (pongs, the close frame) because every write is a whole
 * message: the server has no compression and never fragments.
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** A socket whose unsent data passes this is too slow to follow its rooms; it is closed. */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/** FIN + opcode 1 (text), then the payload length in 7, 7+16 or 7+64 bits; no mask. */
export function textMessageBytes(text: string): Buffer {
  const length = Buffer.byteLength(text, 'utf8');
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const bytes = Buffer.allocUnsafe(headerLength + length);
  bytes[0] = 0x81;
  if (length < 126) {
    bytes[1] = length;
  } else if (length < 65536) {
    bytes[1] = 126;
    bytes.writeUInt16BE(length, 2);
  } else {
    bytes[1] = 127;
    bytes.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    bytes.writeUInt32BE(length >>> 0, 6);
  }
  bytes.write(text, headerLength, 'utf8');
  return bytes;
}

let lastText: string | null = null;
let lastBytes: Buffer = Buffer.alloc(0);

function bytesOf(frame: string): Buffer {
  if (frame !== lastText) {
    lastBytes = textMessageBytes(frame);
    lastText = frame;
  }
  return lastBytes;
}

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
    if (this.socket.destroyed || !this.socket.writable) return;
    this.socket.cork();
    try {
      for (const bytes of batch) this.socket.write(bytes);
    } finally {
      this.socket.uncork();
    }
    this.onFramesWritten(batch.length);
    if (this.socket.writableLength > MAX_BUFFERED_BYTES) {
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
