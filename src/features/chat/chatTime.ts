/** The time shown on a chat row: HH:mm in the viewer's local time zone. */

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** "09:05" for a send time in ms; an impossible time gives '' rather than "NaN:NaN". */
export function formatChatTime(sendTime: number): string {
  const date = new Date(sendTime);
  const hours = date.getHours();
  if (Number.isNaN(hours)) return '';
  return `${pad2(hours)}:${pad2(date.getMinutes())}`;
}
