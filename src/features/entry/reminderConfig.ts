/** A room's start-reminder offer (GET subscribe/config), read for the guide page and its reminder form. */

export type ReminderChannel = 'sms' | 'email' | 'wx';
const CHANNELS: readonly ReminderChannel[] = ['sms', 'email', 'wx'];

export interface ReminderConfig {
  readonly enabled: boolean;
  readonly channels: readonly ReminderChannel[];
  readonly subscribed: readonly ReminderChannel[];
}

/** The subscribe config answer, narrowed: unknown channels are left out. */
export function readReminderConfig(data: unknown): ReminderConfig {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const channels = (value: unknown): ReminderChannel[] =>
    Array.isArray(value) ? CHANNELS.filter((c) => value.includes(c)) : [];
  return { enabled: record.enabled === true, channels: channels(record.channels), subscribed: channels(record.subscribed) };
}
