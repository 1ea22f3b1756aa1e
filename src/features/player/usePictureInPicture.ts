/**
 * Picture-in-picture (issue 37 item 4): the video with the chat beside it in the browser's
 * Document Picture-in-Picture window where it exists, else the video's own
 * picture-in-picture. The video element itself moves into the window and back when the
 * window closes, so one decoder plays throughout (never two players); the app's chat is
 * portalled into the window (`chatHost`). The window gets the page's styles.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

interface DocumentPictureInPicture {
  requestWindow(options: { readonly width: number; readonly height: number }): Promise<Window>;
}

/** The browser's Document Picture-in-Picture, where it has one. */
function documentPictureInPicture(): DocumentPictureInPicture | null {
  const api = (globalThis as { documentPictureInPicture?: DocumentPictureInPicture }).documentPictureInPicture;
  return api !== undefined && typeof api.requestWindow === 'function' ? api : null;
}

/** The size the window opens at: the video over a few rows of chat. */
const WINDOW_SIZE = { width: 480, height: 560 } as const;

export interface PictureInPicture {
  /** The browser offers one of the two. */
  readonly available: boolean;
  readonly active: boolean;
  /** Where the chat goes in a Document Picture-in-Picture window; null otherwise. */
  readonly chatHost: HTMLElement | null;
  toggle(): void;
}

/** Copies the page's style sheets into the window, so the video and the chat look as on the page. */
function copyStyles(from: Document, to: Document): void {
  for (const node of from.querySelectorAll('link[rel="stylesheet"], style')) to.head.append(node.cloneNode(true));
}

export function usePictureInPicture(videoRef: RefObject<HTMLVideoElement | null>): PictureInPicture {
  const [windowed, setWindowed] = useState<{ readonly win: Window; readonly chatHost: HTMLElement } | null>(null);
  const [videoOnly, setVideoOnly] = useState(false);
  const restore = useRef<(() => void) | null>(null);
  const available = documentPictureInPicture() !== null || (typeof document !== 'undefined' && document.pictureInPictureEnabled === true);

  // The video's own picture-in-picture, however it ends (its close button, another page's).
  useEffect(() => {
    const video = videoRef.current;
    if (video === null) return;
    const enter = () => setVideoOnly(true);
    const leave = () => setVideoOnly(false);
    video.addEventListener('enterpictureinpicture', enter);
    video.addEventListener('leavepictureinpicture', leave);
    return () => {
      video.removeEventListener('enterpictureinpicture', enter);
      video.removeEventListener('leavepictureinpicture', leave);
    };
  }, [videoRef]);

  // Leaving the page's player (another room, the guide page) closes the window first.
  useEffect(() => () => restore.current?.(), []);

  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (video === null) return;
    if (windowed !== null) {
      // Back first, then the window closes: the player does not wait for the window's pagehide.
      restore.current?.();
      return;
    }
    if (videoOnly) {
      void document.exitPictureInPicture().catch(() => undefined);
      return;
    }
    const api = documentPictureInPicture();
    if (api === null) {
      void video.requestPictureInPicture().catch(() => undefined);
      return;
    }
    void api.requestWindow(WINDOW_SIZE).then(
      (win) => {
        copyStyles(document, win.document);
        win.document.body.style.margin = '0';
        const parent = video.parentNode;
        const next = video.nextSibling;
        const stage = win.document.createElement('div');
        stage.className = 'player-pip';
        const chatHost = win.document.createElement('div');
        chatHost.className = 'player-pip__chat';
        stage.append(video, chatHost);
        win.document.body.append(stage);
        let done = false;
        const back = () => {
          if (done) return;
          done = true;
          restore.current = null;
          // Back where it was, before the sibling it had if that is still there.
          if (parent !== null) parent.insertBefore(video, next !== null && next.parentNode === parent ? next : null);
          setWindowed(null);
          if (!win.closed) win.close();
        };
        restore.current = back;
        win.addEventListener('pagehide', back, { once: true });
        setWindowed({ win, chatHost });
      },
      () => undefined,
    );
  }, [videoRef, windowed, videoOnly]);

  return { available, active: windowed !== null || videoOnly, chatHost: windowed?.chatHost ?? null, toggle };
}
