/**
 * The viewer's chat speed (issue 37 item 1, WCAG 2.2.2): every message, or at most 10, 5
 * or 2 a second. The worker chooses which messages a slowed tab gets, so a slow setting
 * also costs the tab less:
 * - the viewer's own, the ones mentioning them, staff and highlighted messages always;
 * - the rest as an even sample: one whenever a second's share of the limit has built up
 *   (a credit refilled at the limit's rate and held to one message, so a flood does not
 *   come out as a burst of them followed by a silence).
 * Priority messages spend the credit too (down to a second's worth of debt), so the rows a
 * slowed tab gets stay near the limit even when staff speak; none of them is ever left out.
 *
 * What was left out is counted over the last SAMPLE_WINDOW_SECONDS, so the chat can say it
 * plainly ("showing 1 in 40"). Pure: the clock is passed in.
 */

/** 0: every message. */
export const CHAT_SPEEDS = [0, 10, 5, 2] as const;
export type ChatSpeed = (typeof CHAT_SPEEDS)[number];
export const DEFAULT_CHAT_SPEED: ChatSpeed = 0;

/** How far back "showing 1 in N" looks. */
export const SAMPLE_WINDOW_SECONDS = 10;

export function readChatSpeed(value: unknown): ChatSpeed {
  return (CHAT_SPEEDS as readonly unknown[]).includes(value) ? (value as ChatSpeed) : DEFAULT_CHAT_SPEED;
}

/** Messages a slowed tab got and the messages its filter would have shown, over the window. */
export interface ChatSample {
  readonly shown: number;
  readonly arrived: number;
}

export interface ChatSampler {
  /** Whether a message the tab's filter shows goes to the tab; `priority`: it always does. */
  admits(priority: boolean, now: number): boolean;
  /** `count` messages the tab would have shown came and were left out before the sampler saw them (the server thinned the stream). */
  leftOut(count: number, now: number): void;
  /** The counts over the last SAMPLE_WINDOW_SECONDS. */
  sample(now: number): ChatSample;
}

export function createChatSampler(perSecond: Exclude<ChatSpeed, 0>, startedAt: number): ChatSampler {
  let credit = 1;
  let refilledAt = startedAt;
  // Counts per second of the window, as a ring indexed by the second.
  const shownBySecond = new Uint32Array(SAMPLE_WINDOW_SECONDS);
  const arrivedBySecond = new Uint32Array(SAMPLE_WINDOW_SECONDS);
  let second = Math.floor(startedAt / 1000);

  /** Moves the ring to `now`'s second, emptying the seconds that passed. */
  function advance(now: number): void {
    const current = Math.floor(now / 1000);
    if (current <= second) return;
    const passed = Math.min(current - second, SAMPLE_WINDOW_SECONDS);
    for (let i = 1; i <= passed; i++) {
      const slot = (second + i) % SAMPLE_WINDOW_SECONDS;
      shownBySecond[slot] = 0;
      arrivedBySecond[slot] = 0;
    }
    second = current;
  }

  return {
    admits(priority, now) {
      advance(now);
      if (now > refilledAt) {
        credit = Math.min(1, credit + ((now - refilledAt) * perSecond) / 1000);
        refilledAt = now;
      }
      const slot = second % SAMPLE_WINDOW_SECONDS;
      arrivedBySecond[slot] = arrivedBySecond[slot]! + 1;
      if (priority) credit = Math.max(credit - 1, -perSecond);
      else if (credit >= 1) credit -= 1;
      else return false;
      shownBySecond[slot] = shownBySecond[slot]! + 1;
      return true;
    },
    leftOut(count, now) {
      advance(now);
      const slot = second % SAMPLE_WINDOW_SECONDS;
      arrivedBySecond[slot] = arrivedBySecond[slot]! + count;
    },
    sample(now) {
      advance(now);
      let shown = 0;
      let arrived = 0;
      for (let i = 0; i < SAMPLE_WINDOW_SECONDS; i++) {
        shown += shownBySecond[i]!;
        arrived += arrivedBySecond[i]!;
      }
      return { shown, arrived };
    },
  };
}
