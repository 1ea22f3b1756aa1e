/**
 * The groups a room offers its viewers (room settings `groups`, answered by group_info/list)
 * made real in the group store, so "join" on one of them works: each listed gid that does
 * not exist yet is created, open to anyone (auth 0), hosted by the directory account given
 * (the demo org's first person). Idempotent; a group that exists is left as users made it.
 */
import { GROUP_DEFAULTS } from '../../src/domain/constants';
import type { ServerContext } from '../context.js';
import { requireRoom } from '../entry/rooms.js';
import { GROUP_AUTH } from './service.js';
import { GroupStore } from './store.js';

export async function seedRoomGroups(ctx: ServerContext, roomIds: readonly string[], hostId: string): Promise<number> {
  const store = new GroupStore(ctx.store.db, ctx.now);
  if ((await store.userName(hostId)) === null) return 0;
  let created = 0;
  for (const roomId of roomIds) {
    let groups;
    try {
      groups = (await requireRoom(ctx, roomId)).settings.groups;
    } catch {
      continue; // a deleted demo room offers nothing
    }
    if (!groups.enabled) continue;
    for (const g of groups.list) {
      if ((await store.group(g.gid)) !== null) continue;
      await store.atomically((s) =>
        s.create({ gid: g.gid, name: g.name, topic: g.intro, type: GROUP_DEFAULTS.type, maxnum: GROUP_DEFAULTS.maxnum, auth: GROUP_AUTH.free, hostId }),
      );
      created += 1;
    }
  }
  return created;
}
