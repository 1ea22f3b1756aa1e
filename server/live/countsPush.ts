/**
 * Push 7109 `{online, praise}` for a room, coalesced: praise may arrive hundreds of times a
 * second, viewers need the count a few times a second. The first change after a quiet
 * spell is pushed at once; changes inside the interval are folded into one push at its
 * end, which reads the counts as they are then.
 */
export const COUNTS_PUSH_INTERVAL_MS = 250;

export class CoalescedPush {
  private readonly lastPush = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly push: (webcastId: string) => void,
    private readonly now: () => number,
    private readonly intervalMs = COUNTS_PUSH_INTERVAL_MS,
  ) {}

  /** Something changed in this room. */
  changed(webcastId: string): void {
    if (this.closed || this.timers.has(webcastId)) return;
    const last = this.lastPush.get(webcastId);
    const wait = last === undefined ? 0 : last + this.intervalMs - this.now();
    if (wait <= 0) {
      this.fire(webcastId);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(webcastId);
      if (!this.closed) this.fire(webcastId);
    }, Math.min(wait, this.intervalMs));
    timer.unref();
    this.timers.set(webcastId, timer);
  }

  private fire(webcastId: string): void {
    this.lastPush.set(webcastId, this.now());
    this.push(webcastId);
  }

  /** Drops pending pushes (the server is closing; its room log will not take more). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
