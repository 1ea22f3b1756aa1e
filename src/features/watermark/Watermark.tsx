/**
 * The anti-record watermark over the player (SPEC 7.1 "anti-record watermark config"): when
 * the room asks for it, the viewer's id (and the room's text) drifts over the picture, moving
 * to a new place every few seconds so it cannot be cropped or blurred out of a recording.
 * It is never selectable, lets every click through, is hidden from assistive technology (it
 * says nothing to the viewer) and follows the player into full screen and immersive mode.
 * A viewer whose system asks for less motion (prefers-reduced-motion) gets it still, in a
 * place chosen at random when the page opens: the mark stays, the drifting goes (issue 37).
 * A room without a watermark, or a config that fails to load, shows nothing.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { useApi } from '../../state/apiContext';
import { session } from '../../state/session';
import { readWatermarkConfig, watermarkText, type WatermarkConfig } from './watermarkConfig';
import { MOVE_INTERVAL_MS, nextPosition, randomPosition, type MarkPosition } from './watermarkMotion';
import { useOverlayHost } from '../../ui/useOverlayHost';
import './watermark.css';
import { useClock } from '../../ui/clock';
import { useReducedMotion } from '../../ui/useReducedMotion';

export interface WatermarkProps {
  readonly roomId: string;
}

function useWatermarkConfig(roomId: string): WatermarkConfig | null {
  const api = useApi();
  // The server fills the viewer into the text: ask again when the viewer changes.
  const { liveToken, userId } = useSnapshot(session);
  const [config, setConfig] = useState<WatermarkConfig | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.live.watermarkConfig({ webcastId: roomId }, { signal: controller.signal }).then(
      (data) => {
        if (!controller.signal.aborted) setConfig(readWatermarkConfig(data));
      },
      () => {
        if (!controller.signal.aborted) setConfig(null);
      },
    );
    return () => controller.abort();
  }, [api, roomId, liveToken, userId]);
  return config;
}

function useDrift(active: boolean): MarkPosition {
  const clock = useClock();
  const [position, setPosition] = useState<MarkPosition>(() => randomPosition(Math.random));
  useEffect(() => {
    if (!active) return undefined;
    const timer = clock.setInterval(() => setPosition((from) => nextPosition(from, Math.random)), MOVE_INTERVAL_MS);
    return () => clock.clearInterval(timer);
  }, [active, clock]);
  return position;
}

export function Watermark({ roomId }: WatermarkProps) {
  const config = useWatermarkConfig(roomId);
  const { userId } = useSnapshot(session);
  const text = config === null ? '' : watermarkText(config, userId);
  const reducedMotion = useReducedMotion();
  const position = useDrift(text !== '' && !reducedMotion);
  const anchor = useRef<HTMLSpanElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const host = useOverlayHost(anchor, layer);

  const mark =
    config === null || text === '' ? null : (
      <div ref={layer} className="watermark" aria-hidden="true" data-testid="watermark">
        {/* Moved by transforms only (the track by a share of the layer, the text back by the
            same share of itself): the browser's compositor animates them, where moving
            left/top restyled and laid out the page at every frame of each 1.2 s move. */}
        <span className="watermark__track" style={{ transform: `translate(${position.x}%, ${position.y}%)` }}>
          <span
            className="watermark__text"
            data-x={position.x.toFixed(1)}
            data-y={position.y.toFixed(1)}
            style={{ transform: `translate(-${position.x}%, -${position.y}%)`, opacity: config.opacity, fontSize: `${config.fontSize}px` }}
          >
            {text}
          </span>
        </span>
      </div>
    );

  return (
    <>
      <span ref={anchor} className="watermark__anchor" hidden />
      {mark !== null && (host === null ? mark : createPortal(mark, host))}
    </>
  );
}
