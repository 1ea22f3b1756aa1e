/**
 * What a portal that frames the viewer may ask of the player, and what the player tells it
 * (src/app/embedBridge.ts carries both over postMessage): a play or pause command, counted
 * so the same command twice is two commands, and the player's state and the room's live
 * status as they change.
 */
import { proxy, ref } from 'valtio';

export type PlayerCommand = { readonly kind: 'play' | 'pause'; readonly seq: number };

export interface ReportedPlayerState {
  readonly roomId: string;
  readonly phase: string;
  readonly paused: boolean;
  readonly muted: boolean;
}

export interface ReportedLiveStatus {
  readonly roomId: string;
  /** 0 not started, 1 preparing, 2 live, 3 ended. */
  readonly status: number;
}

export const embedControl = proxy<{ command: PlayerCommand | null; player: ReportedPlayerState | null; live: ReportedLiveStatus | null }>({
  command: null,
  player: null,
  live: null,
});

/** The room's live status as the player knows it (room info, then the 7107 pushes). */
export function reportLiveStatus(live: ReportedLiveStatus | null): void {
  const now = embedControl.live;
  if (live !== null && now !== null && now.roomId === live.roomId && now.status === live.status) return;
  embedControl.live = live === null ? null : ref(live);
}

export function sendPlayerCommand(kind: PlayerCommand['kind']): void {
  embedControl.command = ref({ kind, seq: (embedControl.command?.seq ?? 0) + 1 });
}

/** The player's state; the same state again changes nothing (no message for it). */
export function reportPlayerState(state: ReportedPlayerState | null): void {
  const now = embedControl.player;
  if (state !== null && now !== null && now.roomId === state.roomId && now.phase === state.phase && now.paused === state.paused && now.muted === state.muted) return;
  embedControl.player = state === null ? null : ref(state);
}
