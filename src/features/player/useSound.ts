/**
 * The player's sound: muted autoplay when the browser blocks sound (with a "tap to unmute"
 * offer), and the viewer's own mute and volume, which are theirs.
 */
import { useCallback, useState, type RefObject } from 'react';

export interface SoundView {
  readonly muted: boolean;
  /** Muted by the browser's autoplay rule, not by the viewer. */
  readonly autoMuted: boolean;
  readonly volume: number;
  readonly startPlayback: (video: HTMLVideoElement) => Promise<void>;
  readonly toggleMute: () => void;
  readonly changeVolume: (value: number) => void;
}

export function useSound(videoRef: RefObject<HTMLVideoElement | null>): SoundView {
  const [muted, setMuted] = useState(false);
  const [autoMuted, setAutoMuted] = useState(false);
  const [volume, setVolume] = useState(1);

  const startPlayback = useCallback(async (video: HTMLVideoElement) => {
    try {
      await video.play();
    } catch (error) {
      if (!(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
      video.muted = true;
      setMuted(true);
      setAutoMuted(true);
      await video.play().catch(() => undefined);
    }
  }, []);

  const toggleMute = () => {
    const video = videoRef.current;
    if (video === null) return;
    video.muted = !video.muted;
    if (!video.muted && video.volume === 0) video.volume = 0.5;
    setMuted(video.muted);
    setVolume(video.volume);
    setAutoMuted(false);
  };

  const changeVolume = (value: number) => {
    const video = videoRef.current;
    if (video === null) return;
    video.volume = Math.min(1, Math.max(0, value));
    video.muted = value === 0;
    setVolume(video.volume);
    setMuted(video.muted);
    setAutoMuted(false);
  };

  return { muted, autoMuted, volume, startPlayback, toggleMute, changeVolume };
}
