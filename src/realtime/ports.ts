/**
 * What the socket session needs from its host, passed in rather than reached for: the pure
 * layer has no WebSocket, timers, crypto or console (tsconfig.pure.json), and tests drive
 * the session with a fake clock and a fake socket. In the worker these are thin wrappers:
 * `url => new WebSocket(url)`, `globalThis.setTimeout`, `crypto.getRandomValues`, `console`.
 */
import type { RandomBytes } from '../domain/randomId';

export type { RandomBytes };

/**
 * An event hook whose parameter is checked both ways (the method-shorthand rule), so the
 * browser's `(ev: MessageEvent) => any` fits where the session reads only `data`.
 */
type EventHook<E> = { hook(event: E): void }['hook'];

/**
 * The part of the browser WebSocket the session uses, with the same member names, so a
 * real WebSocket is a SocketLike as it stands. The session sets the four hooks right after
 * the factory returns, before any event can fire.
 */
export interface SocketLike {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onopen: EventHook<unknown> | null;
  /** `event.data` is the frame text; anything else (a Blob, a buffer) is a malformed frame. */
  onmessage: EventHook<{ readonly data: unknown }> | null;
  onclose: EventHook<unknown> | null;
  onerror: EventHook<unknown> | null;
}

/** Opens a socket to the url; may throw (a browser throws SyntaxError on a bad url). */
export type SocketFactory = (url: string) => SocketLike;

/** Opaque handle of a scheduled callback (a number in browsers, an object in node). */
export type TimerId = unknown;

export interface Clock {
  /** Milliseconds from some fixed origin. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
}

export interface Logger {
  error(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
}

export interface RoomOffset {
  readonly webcastId: string;
  /** The last room offset the client has applied (0 for none), PROTOCOL 2.3 step 2. */
  readonly offset: number;
  /** The life of the room's log that offset belongs to, when the server named one (docs/protocol.md 5.6). */
  readonly epoch?: string;
}

/** Asked after every re-login: the rooms to rejoin and where each one stopped. */
export type RoomOffsets = () => readonly RoomOffset[];
