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
/**
 * Batched messages (docs/protocol.md 2.1.1): frames of one turn go out as one WebSocket
 * message, separated by U+001E, for a socket whose login asked for it (`batch:1`). A
 * browser handles each WebSocket message as a task of its own; Chromium manages about 7,000
 * a second on a busy 2-core machine, so one message per frame cannot carry a 20,000/s room.
 * A batch stays under this size, so one message never holds up the client for long.
 */
export const MAX_BATCH_BYTES = 256 * 1024;
const SEPARATOR = Buffer.from([0x1e]);

const headerLengthFor = (payloadLength: number): number => (payloadLength < 126 ? 2 : payloadLength < 65536 ? 4 : 10);

/** Writes the header of a text message with this payload length at the start of `bytes`. */
function writeHeader(bytes: Buffer, length: number): void {
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
}

/** FIN + opcode 1 (text), then the payload length in 7, 7+16 or 7+64 bits; no mask. */
export function textMessageBytes(text: string): Buffer {
  const length = Buffer.byteLength(text, 'utf8');
  const headerLength = headerLengthFor(length);
  const bytes = Buffer.allocUnsafe(headerLength + length);
  writeHeader(bytes, length);
  bytes.write(text, headerLength, 'utf8');
  return bytes;
}

/** The payload of a message textMessageBytes made (a view, no copy). */
function payloadOf(message: Buffer): Buffer {
  const marker = message[1]!;
  return message.subarray(marker < 126 ? 2 : marker === 126 ? 4 : 10);
}

function messageHeader(payloadLength: number): Buffer {
  const header = Buffer.allocUnsafe(headerLengthFor(payloadLength));
  writeHeader(header, payloadLength);
  return header;
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
  private queuedBytes = 0;
  private scheduled = false;
  private stopped = false;
  private batching = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly socket: Duplex,
    /** Called once when the peer reads too slowly (the caller closes the socket). */
    private readonly onOverflow: () => void,
    private readonly onFramesWritten: (count: number) => void,
  ) {}

  /** From now on, frames of one turn go out as one message (the login asked for it). */
  enableBatching(): void {
    this.batching = true;
  }

  push(frame: string): void {
    if (this.stopped) return;
    const bytes = bytesOf(frame);
    this.queue.push(bytes);
    this.queuedBytes += bytes.length;
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
    this.queuedBytes = 0;
    if (this.stopped || this.ws.readyState !== this.ws.OPEN) return;
    if (this.socket.destroyed || !this.socket.writable) return;
    this.socket.cork();
    try {
      if (this.batching && batch.length > 1) this.writeBatched(batch);
      else for (const bytes of batch) this.socket.write(bytes);
    } finally {
      this.socket.uncork();
    }
    this.onFramesWritten(batch.length);
    if (this.socket.writableLength > MAX_BUFFERED_BYTES) {
      this.stop();
      this.onOverflow();
    }
  };

  /** The turn's frames as few messages as MAX_BATCH_BYTES allows, payloads written as they are. */
  private writeBatched(messages: readonly Buffer[]): void {
    let group: Buffer[] = [];
    let length = 0;
    const writeGroup = (): void => {
      if (group.length === 0) return;
      this.socket.write(messageHeader(length));
      group.forEach((payload, i) => {
        if (i > 0) this.socket.write(SEPARATOR);
        this.socket.write(payload);
      });
      group = [];
      length = 0;
    };
    for (const message of messages) {
      const payload = payloadOf(message);
      if (group.length > 0 && length + 1 + payload.length > MAX_BATCH_BYTES) writeGroup();
      length += (group.length > 0 ? 1 : 0) + payload.length;
      group.push(payload);
    }
    writeGroup();
  }

  /** Bytes waiting for the peer: queued this turn and not yet taken by the TCP socket. */
  waitingBytes(): number {
    return this.queuedBytes + this.socket.writableLength;
  }

  /** Drops whatever is queued and accepts nothing more. */
  stop(): void {
    this.stopped = true;
    this.queue = [];
    this.queuedBytes = 0;
  }
}
