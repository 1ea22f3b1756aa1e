/**
 * The viewer's cross-window interface for a portal that shows it in an iframe (SPEC 6:
 * cross-window messages only from allowed domains). Documented in the README.
 *
 * The host page sends `{ source: 'webcast-host', type, ... }`:
 * - `setLocale` `{ locale }`: one of the enabled locales;
 * - `play`, `pause`: the player's video.
 * The viewer sends `{ source: 'webcast-viewer', type, ... }` to the allowed origins:
 * - `ready` `{ path }`: the page is up (and at every route change);
 * - `entered` `{ roomId }`: the viewer is on a room's video page with a login;
 * - `liveStatus` `{ roomId, status }`: 0 not started, 1 preparing, 2 live, 3 ended;
 * - `playerState` `{ roomId, phase, paused, muted }`;
 * - `error` `{ key, text }`: an error the viewer was shown.
 * Pure: reading messages, for the bridge in src/app (origins are checked by
 * config/isAllowedOrigin against config.js's `allowedOrigins`).
 */

export const HOST_SOURCE = 'webcast-host';
export const VIEWER_SOURCE = 'webcast-viewer';

export type HostMessage =
  | { readonly type: 'setLocale'; readonly locale: string }
  | { readonly type: 'play' }
  | { readonly type: 'pause' };

export type ViewerMessage =
  | { readonly type: 'ready'; readonly path: string }
  | { readonly type: 'entered'; readonly roomId: string }
  | { readonly type: 'liveStatus'; readonly roomId: string; readonly status: number }
  | { readonly type: 'playerState'; readonly roomId: string; readonly phase: string; readonly paused: boolean; readonly muted: boolean }
  | { readonly type: 'error'; readonly key: string; readonly text: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a message was not taken, for the log. */
export type Refusal = 'notForUs' | 'unknownType' | 'badField';

/**
 * A host page's message as a typed command, or why it is not one. Anything but an object
 * from `webcast-host` with a known type and valid fields is refused: never thrown.
 */
export function readHostMessage(data: unknown, locales: readonly string[]): HostMessage | Refusal {
  if (!isRecord(data) || data.source !== HOST_SOURCE) return 'notForUs';
  switch (data.type) {
    case 'setLocale':
      return typeof data.locale === 'string' && locales.includes(data.locale) ? { type: 'setLocale', locale: data.locale } : 'badField';
    case 'play':
    case 'pause':
      return { type: data.type };
    default:
      return 'unknownType';
  }
}

/** The envelope a viewer message travels in. */
export function viewerEnvelope(message: ViewerMessage): Record<string, unknown> {
  return { source: VIEWER_SOURCE, ...message };
}
