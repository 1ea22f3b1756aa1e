/**
 * Which tab of the viewer holds the microphone while on the mic: the one holding the Web
 * Lock `webcast-mic-<room>`. Every tab shows the mic; only the holder opens the device,
 * confirms and times out, so two tabs never open two microphones. The tab where the viewer
 * presses apply or accept takes the lock from any other (`steal`); a page that finds the
 * viewer already on the mic (a reload, a reconnect) takes it if nobody holds it.
 * Without Web Locks (old browsers) the tab that pressed is the holder.
 */

export interface MicOwnership {
  /** Take the lock from any other tab (the viewer acted here). */
  claim(): void;
  /** Take the lock if no tab holds it. */
  claimIfFree(): void;
  release(): void;
  dispose(): void;
}

export function micOwnership(roomId: string, onOwner: (owner: boolean) => void): MicOwnership {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const name = `webcast-mic-${roomId}`;
  /** The hold under way (asked for or granted); a later hold replaces it. */
  let current: { release: (() => void) | null } | null = null;
  let disposed = false;

  const hold = (steal: boolean): void => {
    if (disposed || current !== null) return;
    const mine: { release: (() => void) | null } = { release: null };
    current = mine;
    if (locks === undefined) {
      if (!steal) {
        current = null;
        return;
      }
      mine.release = () => onOwner(false);
      onOwner(true);
      return;
    }
    locks
      .request(name, steal ? { steal: true } : { ifAvailable: true }, (lock) => {
        if (lock === null || disposed || current !== mine) return undefined;
        onOwner(true);
        return new Promise<void>((resolve) => {
          mine.release = resolve;
        });
      })
      .catch(() => undefined) // stolen by another tab (AbortError): not the holder any more
      .finally(() => {
        if (current !== mine) return;
        current = null;
        if (!disposed) onOwner(false);
      });
  };

  const release = (): void => {
    const held = current;
    current = null;
    held?.release?.();
  };

  return {
    claim: () => hold(true),
    claimIfFree: () => hold(false),
    release: () => {
      release();
      onOwner(false);
    },
    dispose: () => {
      disposed = true;
      release();
    },
  };
}
