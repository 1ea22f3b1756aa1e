/**
 * The player toward a portal that frames the viewer (src/app/embedBridge.ts): the portal
 * may play or pause it, and is told the player's state and the room's live status.
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { embedControl, reportLiveStatus, reportPlayerState } from '../../state/embedControl';
import type { PlayerPhase } from './playerMachine';
import type { LiveStatusCode } from './sources';

export interface EmbedReport {
  readonly roomId: string;
  readonly phase: PlayerPhase;
  readonly paused: boolean;
  readonly muted: boolean;
  readonly status: LiveStatusCode | null;
}

/** `togglePlay` runs when the portal asks for the other state than the element's. */
export function useEmbedReporting({ roomId, phase, paused, muted, status }: EmbedReport, videoPaused: () => boolean | null, togglePlay: () => void): void {
  const { command } = useSnapshot(embedControl);
  const handledCommand = useRef(embedControl.command?.seq ?? 0);
  const latest = useRef({ videoPaused, togglePlay });
  useEffect(() => {
    latest.current = { videoPaused, togglePlay };
  });
  useEffect(() => {
    if (command === null || command.seq === handledCommand.current) return;
    handledCommand.current = command.seq;
    const elementPaused = latest.current.videoPaused();
    if (elementPaused !== null && (command.kind === 'play') === elementPaused) latest.current.togglePlay();
  }, [command]);
  useEffect(() => reportPlayerState({ roomId, phase, paused, muted }), [roomId, phase, paused, muted]);
  useEffect(() => reportLiveStatus(status === null ? null : { roomId, status }), [roomId, status]);
  useEffect(
    () => () => {
      reportPlayerState(null);
      reportLiveStatus(null);
    },
    [],
  );
}
