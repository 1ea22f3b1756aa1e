/**
 * The demo rooms, seeded on first start: an open live room and one room for each entry
 * gate and each blocked case, each with a host and an assistant of known credentials, a
 * notice, and the gate's data (password, member codes, sign-ups in every audit state, VIP
 * and whitelisted phones, enterprise employees, social accounts for the QR login).
 * Idempotent: when any room exists, nothing is written. Goods, gifts, papers and the other
 * interactive content are seeded per room by server/seed/content.ts.
 *
 * SMS and email codes are not sent anywhere: read them on /sim/inbox?to=<phone or email>.
 */
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { lockKey, type StoreQueries } from '../store/sqlStore.js';
import { randomToken } from '../auth/random.js';
import { hashPassword } from '../directory/passwords.js';
import { ROLE } from '../../src/domain/roles';
import { LIVE_STATUS } from '../../src/domain/constants';
import type { GateName } from '../entry/gates.js';
import { settingsJson, type RoomSettingsPatch } from '../entry/roomSettings.js';
import { replayUrl } from '../live/streams.js';
import { RECORDING_MS } from '../live/liveControl.js';
import { vodLoops } from '../media/hlsPlaylists.js';
import { demoTileUrl } from '../interact/goods/pictures.js';
import { REPLAY_DEMO_MESSAGES } from './replayChat.js';

export interface SeededRoom {
  readonly id: string;
  readonly title: string;
  readonly gate: GateName;
  /** How to get in (or what refusal the room demonstrates). */
  readonly description: string;
  /** The client's login page for the room (under the application prefix). */
  readonly path: string;
}

/** Credentials every seeded room's staff log in with (login type 'staff'). */
export const DEMO_STAFF = {
  host: {
    loginName: (webcastId: string) => `host${webcastId}`,
    userId: (webcastId: string) => `host-${webcastId}`,
    name: (webcastId: string) => `主持人${webcastId}`,
    password: 'host123',
    role: ROLE.host,
  },
  assistant: {
    loginName: (webcastId: string) => `assistant${webcastId}`,
    userId: (webcastId: string) => `assistant-${webcastId}`,
    name: (webcastId: string) => `助理${webcastId}`,
    password: 'assistant123',
    role: ROLE.assistant,
  },
} as const;

export const DEMO_WATCH_PASSWORD = '123456';
export const DEMO_MEMBER_CODES = { M1001: 'member-1001', M1002: 'member-1002' } as const;
export const DEMO_SIGNUP_PHONES = { pending: '13800000061', passed: '13800000062', failed: '13800000063' } as const;
export const DEMO_VIP_PHONES = ['13800000071', '13800000072'] as const;
export const DEMO_NON_VIP_PHONE = '13800000079';
export const DEMO_WHITELIST_PHONES = ['13800000101', '13800000102'] as const;
export const DEMO_CORP_ID = 'demo-corp';
export const DEMO_AGG_ID = 'agg-demo';

interface DemoAccount {
  readonly provider: 'workwx' | 'wx' | 'third';
  readonly accountId: string;
  readonly name: string;
  readonly org: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { provider: 'workwx', accountId: 'zhangsan', name: '张三', org: DEMO_CORP_ID },
  { provider: 'workwx', accountId: 'lisi', name: '李四', org: DEMO_CORP_ID },
  { provider: 'workwx', accountId: 'wangwu', name: '王五', org: 'other-corp' },
  { provider: 'wx', accountId: 'wx-alice', name: 'Alice', org: '' },
  { provider: 'wx', accountId: 'wx-bob', name: 'Bob', org: '' },
  { provider: 'third', accountId: 'third-carol', name: 'Carol', org: '' },
];

interface DemoRoom {
  readonly id: string;
  readonly title: string;
  readonly gate: GateName;
  readonly description: string;
  readonly status?: number;
  readonly capacity?: number;
  readonly replayCapacity?: number;
  readonly deleted?: boolean;
  readonly settings?: RoomSettingsPatch;
  /** Went live this long before the seeding (its recording's time zero); default: at the seeding. */
  readonly startedAgoMs?: number;
  /** Chat messages recorded over its replay (the replay demo). */
  readonly recordedChat?: number;
}

const SPLASH: RoomSettingsPatch['splash'] = {
  enabled: true,
  seconds: 5,
  skippable: true,
  adverts: [{ id: 'ad-1', title: 'Spring product launch', imageUrl: '/favicon.svg', linkUrl: '/' }],
};

export const DEMO_ROOMS: readonly DemoRoom[] = [
  {
    id: '10001',
    title: 'Open live room',
    gate: 'open',
    description: 'guest entry: any nickname (or none); watermark on',
    settings: {
      privacy: { required: false },
      watermark: { enabled: true },
      splash: SPLASH,
      groups: { enabled: true, list: [{ gid: 'room-10001-group', name: 'Viewers group', intro: 'Talk about the live here' }] },
    },
  },
  {
    id: '10002',
    title: 'Watch password room',
    gate: 'password',
    description: `password: ${DEMO_WATCH_PASSWORD}; its guide page shows the organiser's logo and welcome (login resource)`,
    settings: { subscribe: { enabled: false }, loginPage: { background: '', logo: demoTileUrl('W', '#8e44ad'), welcome: 'Welcome to the partners briefing: enter the password from your invitation.' } },
  },
  { id: '10003', title: 'Member code room', gate: 'memberCode', description: `member code: ${Object.keys(DEMO_MEMBER_CODES).join(' or ')}` },
  {
    id: '10004',
    title: 'Phone verification room',
    gate: 'phone',
    description: 'phone: any mainland mobile number; SMS code on /sim/inbox',
    settings: { charge: { enabled: true, freeSeconds: 300, priceYuan: '9.90' } },
  },
  {
    id: '10005',
    title: 'Email verification room',
    gate: 'email',
    description: 'email: any address; email code on /sim/inbox; offers no recommendations, invitation posters or document sharing',
    settings: {
      contract: { enabled: true, title: 'Viewing terms', content: 'Recording or rebroadcasting this live is not allowed.', version: 1 },
      features: { recommend: false, posters: false },
      cloud: { docShare: false, whiteboard: false, cloudFiles: false },
    },
  },
  {
    id: '10006',
    title: 'Sign-up with approval room',
    gate: 'signup',
    description: `sign up, then wait for approval; phones ${DEMO_SIGNUP_PHONES.passed} passed, ${DEMO_SIGNUP_PHONES.pending} pending, ${DEMO_SIGNUP_PHONES.failed} failed (SMS code on /sim/inbox)`,
  },
  {
    id: '10007',
    title: 'VIP only room',
    gate: 'vip',
    description: `VIP phones ${DEMO_VIP_PHONES.join(', ')} (SMS code on /sim/inbox); ${DEMO_NON_VIP_PHONE} is not a VIP`,
  },
  {
    id: '10008',
    title: 'Enterprise-internal room',
    gate: 'enterprise',
    description: `enterprise messaging: 张三 or 李四 of ${DEMO_CORP_ID} (王五 of other-corp is refused)`,
    settings: { enterprise: { corpId: DEMO_CORP_ID, agentId: '1000001' } },
  },
  { id: '10009', title: 'QR scan login room', gate: 'qrScan', description: 'scan the QR code (open its link) and confirm as Alice or Bob' },
  {
    id: '10010',
    title: 'Whitelist room',
    gate: 'whitelist',
    description: `whitelisted phones ${DEMO_WHITELIST_PHONES.join(', ')} (SMS code on /sim/inbox)`,
  },
  { id: '10011', title: 'Full room', gate: 'open', description: 'room full: every viewer login is refused (4007)', capacity: 0 },
  {
    id: '10012',
    title: 'Replay full room',
    gate: 'open',
    description: 'ended, replay concurrency full: every viewer login is refused (4008)',
    status: LIVE_STATUS.ended,
    replayCapacity: 0,
  },
  { id: '10013', title: 'Deleted room', gate: 'open', description: 'deleted: room info and login answer 4006', deleted: true },
  {
    id: '10014',
    title: 'Ended room without replay',
    gate: 'open',
    description: 'ended with no replay: login answers 4004',
    status: LIVE_STATUS.ended,
    settings: { replay: { enabled: false } },
  },
  {
    id: '10015',
    title: 'Replay demo',
    gate: 'open',
    description: `a recording of 5 minutes with ${REPLAY_DEMO_MESSAGES.toLocaleString('en')} chat messages that replay with it`,
    status: LIVE_STATUS.ended,
    settings: { privacy: { required: false }, replay: { enabled: true, loops: 15 } },
    startedAgoMs: 3 * 3_600_000,
    recordedChat: REPLAY_DEMO_MESSAGES,
  },
  {
    id: '10016',
    title: 'Multi-camera room',
    gate: 'open',
    description: 'two camera streams (the stage and the audience) the viewer switches between',
    settings: {
      privacy: { required: false },
      cameras: {
        list: [
          { id: 'main', name: 'Stage' },
          { id: 'cam2', name: 'Audience' },
        ],
        defaultId: 'main',
      },
    },
  },
  {
    id: '10017',
    title: 'Third-party app room',
    gate: 'thirdParty',
    description: "sign in with the organiser's app (Demo CRM): confirm as Carol",
    settings: { privacy: { required: false }, thirdParty: { appCode: 'democrm', appName: 'Demo CRM' } },
  },
];

/** Hashes each distinct demo secret once per seeding (scrypt is slow on purpose). */
function hasher(): (secret: string) => string {
  const done = new Map<string, string>();
  return (secret) => {
    let hash = done.get(secret);
    if (hash === undefined) {
      hash = hashPassword(secret);
      done.set(secret, hash);
    }
    return hash;
  };
}

export const seededRoomList = (appPrefix: string): SeededRoom[] =>
  DEMO_ROOMS.map((r) => ({
    id: r.id,
    title: r.title,
    gate: r.gate,
    description: r.description,
    path: `${appPrefix === '/' ? '' : appPrefix}/live/login/${r.id}`,
  }));

/**
 * The demo rooms and what their gates need, written once (a store with rooms is left as it
 * is). One transaction that holds the seed's key: nodes starting together seed once.
 */
export async function seedRooms(ctx: ServerContext): Promise<SeededRoom[]> {
  const list = seededRoomList(ctx.config.appPrefix);
  const now = ctx.now();
  await ctx.store.db.transaction().execute(async (tx) => {
    await lockKey(tx, 'seed:rooms');
    const roomCount = (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM rooms`.execute(tx)).rows[0]?.n ?? 0;
    if (Number(roomCount) > 0) return;
    await writeDemoRooms(tx, now);
  });
  return list;
}

async function writeDemoRooms(tx: StoreQueries, now: number): Promise<void> {
  const hash = hasher();
  const addUser = (id: string, name: string, extra: { role?: number; phone?: string; vip?: boolean } = {}) =>
    sql`INSERT INTO users (id, name, name_changed, role, phone, email, vip, created_at)
      VALUES (${id}, ${name}, 1, ${extra.role ?? ROLE.guest}, ${extra.phone ?? null}, NULL, ${extra.vip ? 1 : 0}, ${now})`.execute(tx);

  for (const room of DEMO_ROOMS) {
    await sql`INSERT INTO rooms (id, title, gate, status, start_time, introduction, capacity, replay_capacity, deleted, config, created_at)
      VALUES (${room.id}, ${room.title}, ${room.gate}, ${room.status ?? LIVE_STATUS.live}, ${now - (room.startedAgoMs ?? 0)},
        ${`${room.title}: a demo room of the reference room server.`}, ${room.capacity ?? null}, ${room.replayCapacity ?? null},
        ${room.deleted ? 1 : 0}, ${settingsJson(room.settings ?? {})}, ${now})`.execute(tx);
    // (The introduction is not the description: that names the room's secrets, and the introduction is public.)
    await sql`INSERT INTO room_secrets (webcast_id, watch_password_hash, stream_key)
      VALUES (${room.id}, ${room.gate === 'password' ? hash(DEMO_WATCH_PASSWORD) : null}, ${randomToken()})`.execute(tx);
    for (const staff of [DEMO_STAFF.host, DEMO_STAFF.assistant]) {
      await addUser(staff.userId(room.id), staff.name(room.id), { role: staff.role });
      await sql`INSERT INTO room_staff (webcast_id, user_id, login_name, password_hash)
        VALUES (${room.id}, ${staff.userId(room.id)}, ${staff.loginName(room.id)}, ${hash(staff.password)})`.execute(tx);
    }
    await sql`INSERT INTO room_notices (webcast_id, content, updated_at) VALUES (${room.id}, ${`Welcome to "${room.title}". Be kind in the chat.`}, ${now})`.execute(tx);
    // The open room has recordings of earlier sessions, to choose among once it has ended.
    if (room.id === '10001') {
      for (const [i, title] of ['Warm-up session', 'Product preview'].entries()) {
        await sql`INSERT INTO room_records (webcast_id, title, duration_ms, url, created_at)
          VALUES (${room.id}, ${title}, 20000, ${`${replayUrl({ publicUrl: null })}?record=earlier-${i + 1}`}, ${now - (2 - i) * 86_400_000})`.execute(tx);
      }
    }
    if (room.status === LIVE_STATUS.ended) {
      const loops = vodLoops(room.settings?.replay?.loops ?? 1);
      const startedAt = now - (room.startedAgoMs ?? 0);
      await sql`INSERT INTO room_records (webcast_id, title, duration_ms, url, created_at, started_at)
        VALUES (${room.id}, ${`${room.title} (replay)`}, ${RECORDING_MS * loops}, ${replayUrl({ publicUrl: null }, loops)}, ${now}, ${startedAt})`.execute(tx);
    }
  }

  for (const [code, userId] of Object.entries(DEMO_MEMBER_CODES)) {
    await addUser(userId, `会员${code.slice(1)}`);
    await sql`INSERT INTO member_codes (webcast_id, code, user_id) VALUES ('10003', ${code}, ${userId})`.execute(tx);
  }

  for (const [state, phone] of Object.entries(DEMO_SIGNUP_PHONES)) {
    const userId = `signup-${state}`;
    await addUser(userId, `报名${state}`, { phone });
    await sql`INSERT INTO signups (webcast_id, user_id, phone, email, answers, state, created_at, audited_at)
      VALUES ('10006', ${userId}, ${phone}, NULL, ${JSON.stringify({ name: `Demo ${state}`, phone })}, ${state}, ${now}, ${state === 'pending' ? null : now})`.execute(tx);
  }

  for (const [i, phone] of DEMO_VIP_PHONES.entries()) await addUser(`vip-${i + 1}`, `贵宾${i + 1}`, { phone, vip: true });
  await addUser('not-vip', '普通用户', { phone: DEMO_NON_VIP_PHONE });

  for (const phone of DEMO_WHITELIST_PHONES) await sql`INSERT INTO room_whitelist (webcast_id, phone) VALUES ('10010', ${phone})`.execute(tx);

  for (const account of DEMO_ACCOUNTS) {
    await sql`INSERT INTO sim_accounts (provider, account_id, name, org, head_img_url)
      VALUES (${account.provider}, ${account.accountId}, ${account.name}, ${account.org}, '')`.execute(tx);
  }

  for (const [sort, webcastId] of ['10001', '10002'].entries()) {
    await sql`INSERT INTO aggregations (agg_id, webcast_id, sort) VALUES (${DEMO_AGG_ID}, ${webcastId}, ${sort})`.execute(tx);
  }
}
