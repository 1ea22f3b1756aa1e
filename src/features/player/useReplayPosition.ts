/** A replay's position and length, for its seek bar; null while a live (or nothing) plays. */
import { useEffect, useState, type RefObject } from 'react';

export interface ReplayPosition {
  readonly current: number;
  readonly duration: number;
}

export function useReplayPosition(videoRef: RefObject<HTMLVideoElement | null>, isReplay: boolean, loadId: number): ReplayPosition | null {
  const [position, setPosition] = useState<ReplayPosition | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (video === null || !isReplay) {
      setPosition(null);
      return;
    }
    const update = () => setPosition({ current: video.currentTime, duration: Number.isFinite(video.duration) ? video.duration : 0 });
    update();
    video.addEventListener('timeupdate', update);
    video.addEventListener('durationchange', update);
    video.addEventListener('seeked', update);
    return () => {
      video.removeEventListener('timeupdate', update);
      video.removeEventListener('durationchange', update);
      video.removeEventListener('seeked', update);
    };
  }, [videoRef, isReplay, loadId]);
  return position;
}
