/**
 * What plays and what the line offers (qualities, stream types), published for the
 * settings panel, which shares the player's settings store; withdrawn when the player goes.
 */
import { useEffect } from 'react';
import { EMPTY_PLAYER_OFFER, publishPlayerOffer } from '../../state/playerSettings';
import type { Line, PlayTarget } from './sources';

export function usePlayerOffer(target: PlayTarget | null, currentLine: Line | null, mse: boolean): void {
  useEffect(() => {
    const playing = target?.kind === 'play' ? target : null;
    const line = playing?.live ? currentLine : null;
    const hls = line !== null && (line.hls !== null || line.renditions.some((r) => r.hls !== null));
    const flv = line !== null && mse && line.renditions.some((r) => r.flv !== null);
    publishPlayerOffer({
      mode: playing === null ? 'none' : playing.live ? 'live' : 'replay',
      qualities: line?.renditions.map((r) => r.id) ?? [],
      types: [...(hls ? (['hls'] as const) : []), ...(flv ? (['flv'] as const) : [])],
      quality: playing?.quality ?? null,
      type: playing?.type ?? null,
    });
  }, [target, currentLine, mse]);
  useEffect(() => () => publishPlayerOffer(EMPTY_PLAYER_OFFER), []);
}
