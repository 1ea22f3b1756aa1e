/**
 * The last frame held while a live reloads: when the player goes to retrying (the network
 * gone, a stall reloaded), the frame on screen is drawn into a canvas laid over the
 * picture, so the viewer keeps a still of where they were rather than a black box while the
 * engine is replaced; it goes the moment the video plays again (or another source loads).
 * The canvas is the DOM's alone (`data-held`): holding a frame is no reason to render.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { PlayerPhase } from './playerMachine';

export function useFreezeFrame(videoRef: RefObject<HTMLVideoElement | null>, phase: PlayerPhase): RefObject<HTMLCanvasElement | null> {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    const held = canvas.dataset.held === 'true';
    if (phase === 'retrying') {
      const video = videoRef.current;
      // Only a frame that is there (a still of the audio-only track is nothing to keep).
      if (held || video === null || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      try {
        canvas.getContext('2d')?.drawImage(video, 0, 0);
        canvas.dataset.held = 'true';
      } catch {
        // A frame the page may not read (a media host without CORS): the picture stays black.
      }
    } else if (phase !== 'loading' && held) delete canvas.dataset.held;
  }, [phase, videoRef]);
  return canvasRef;
}
