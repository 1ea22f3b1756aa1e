/**
 * The room's `setting/other` (whether it shows the online and praise counts, whether a viewer
 * may save their own record...), asked once per room and page however many parts read it
 * (features/praise, features/ownrecord). A failed call is forgotten, so the next reader
 * asks again. The answer is the server's as it came: each reader checks the fields it uses.
 */
import type { Api } from '../api';

const asked = new Map<string, Promise<unknown>>();

export function roomOtherSetting(api: Api, roomId: string): Promise<unknown> {
  const known = asked.get(roomId);
  if (known !== undefined) return known;
  const answer = api.live.otherSetting({ webcastId: roomId }, { background: true });
  asked.set(roomId, answer);
  answer.catch(() => {
    if (asked.get(roomId) === answer) asked.delete(roomId);
  });
  return answer;
}
