/**
 * Live service calls (SPEC 7.1; GET unless SPEC says POST). Paths SPEC gives are used
 * exactly; the others were chosen by us in the same style and are marked "chosen" here
 * and in docs/protocol.md. Request field names follow SPEC 3 where it names them.
 *
 * Response bodies are not shown in SPEC, so outputs are `unknown` except where PROTOCOL
 * fixes them (guest login, 1.3); features narrow the data they read.
 */
import { callMakers, type Id } from '../calls';
import { decodeLoginData, LIVE_ENTRY_CALLS, LOGIN_FIELDS, type LoginData, type LoginInput } from './liveEntry';

const { get, post } = callMakers('live');

export { decodeLoginData, type LoginData, type LoginInput } from './liveEntry';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A chat picture to upload (SPEC 5): `data` is the file's bytes in standard base64 (no
 * `data:` prefix); `fileName` and `contentType` must name the same format as the bytes
 * (jpeg, png, gif or webp, see domain/image.ts); at most 500 KiB.
 */
export interface ChatImageUploadInput {
  readonly webcastId: Id;
  readonly fileName: string;
  readonly contentType: string;
  readonly data: string;
}

/** Where the uploaded picture is served: the `imgUrl` of the chat message (7101). */
export interface ChatImageUploadData {
  readonly url: string;
}

/** The client sends a chat message with the url next: check it is there. */
export function decodeChatImageUploadData(data: unknown): ChatImageUploadData {
  if (!isRecord(data) || typeof data.url !== 'string' || data.url === '') throw new Error('chatImageUpload: data lacks url');
  return { url: data.url };
}

type WebcastOnly = { readonly webcastId: Id };
type IdOnly = { readonly id: Id };
type Paging = { readonly skip?: number; readonly take?: number };

export const LIVE_CALLS = {
  // Room and entry
  roomInfo: LIVE_ENTRY_CALLS.roomInfo,
  signUpStatus: get<{ webcastId: Id; numString: string; type: Id }>(
    '/ccp/monitor/v2/webcast/is_sign/{webcastId}/{numString}/{type}',
    ['webcastId', 'numString', 'type'],
  ),
  login: LIVE_ENTRY_CALLS.login,
  aggLogin: post<LoginInput & { aggId: Id }, LoginData>('/ccp/monitor/v2/live_login/agg', ['aggId', ...LOGIN_FIELDS], {
    decode: decodeLoginData,
  }),
  interactive: post<{ webcastId: Id; type: Id; content?: unknown }>('/ccp/monitor/v1/interactive', ['webcastId', 'type', 'content']),
  /** Chosen: ends the session now; its sockets are told (1100 status 4013). */
  logout: post<Record<never, never>, { ended: boolean }>('/ccp/monitor/v2/logout', []),
  refreshSession: LIVE_ENTRY_CALLS.refreshSession,
  signConfig: get<IdOnly>('/ccp/monitor/v2/webcast/{id}/sign', ['id']),
  signUp: post<{ webcastId: Id; numString?: string; type?: Id; answers: unknown }>('/ccp/monitor/v2/webcast/sign', [
    'webcastId',
    'numString',
    'type',
    'answers',
  ]),
  whitelist: get<IdOnly>('/ccp/monitor/v2/webcast/{id}/whitelist', ['id']),
  loginResource: LIVE_ENTRY_CALLS.loginResource,
  checkWatchPassword: post<{ webcastId: Id; password: string }>('/ccp/monitor/v2/clv/sign/password/check', ['webcastId', 'password']),
  /** chosen path */
  disposableLogin: post<{ webcastId: Id; token: string; privacyAccepted?: boolean }, LoginData>('/ccp/monitor/v2/live_login/disposable', ['webcastId', 'token', 'privacyAccepted'], {
    decode: decodeLoginData,
  }),
  /** chosen path */
  thirdPartyLoginUrl: get<{ webcastId: Id; appCode: string; redirectUrl?: string }>('/ccp/monitor/v2/third/login/url', [
    'webcastId',
    'appCode',
    'redirectUrl',
  ]),
  /** chosen path; fields of SPEC 3 "Third-party authorisation" */
  thirdPartyAuthUrl: get<{ code: string; appCode: string }>('/ccp/monitor/v2/third/auth/url', ['code', 'appCode']),
  /** chosen path */
  workWxOauthInfo: get<WebcastOnly>('/ccp/monitor/v2/workwx/oauth/info', ['webcastId']),
  /** chosen path */
  workWxUserInfo: get<{ webcastId: Id; code: string }>('/ccp/monitor/v2/workwx/user/info', ['webcastId', 'code']),
  /** chosen path; field of SPEC 3 "Work-messaging" */
  workWxOpenId: get<{ workWxUserId: string }>('/ccp/monitor/v2/workwx/openid', ['workWxUserId']),
  /** chosen path */
  aggRelationList: LIVE_ENTRY_CALLS.aggRelationList,

  // Mic connection (apply and reply are form-encoded by the path rule)
  micApply: post<{ type: Id; token: string }>('/ccp/monitor/v1/voip/apply', ['type', 'token']),
  micReply: post<{ type: Id; token: string }>('/ccp/monitor/v1/voip/reply', ['type', 'token']),
  micUsers: get<WebcastOnly>('/ccp/monitor/v1/voip/users', ['webcastId']),
  signalToAssistant: post<{ id: Id; content: unknown }>('/ccp/monitor/v1/signaling/{id}/to/assistant', ['id', 'content']),

  // Praise and counts
  praise: post<{ webcastId: Id; count?: number }>('/ccp/receiver/v1/praise', ['webcastId', 'count']),
  praiseCount: post<WebcastOnly>('/ccp/handler/v2/praise/count', ['webcastId']),
  praiseImages: get<WebcastOnly>('/ccp/handler/v2/praise/{webcastId}/custom/images', ['webcastId']),
  onlineCount: get<WebcastOnly>('/ccp/monitor/v2/webcast/total', ['webcastId']),

  // Roll call, questionnaire and answer sheet
  rollCallAnswer: post<{ confId: Id; id: Id }>('/ccp/receiver/v1/rollcall/answer', ['confId', 'id']),
  /** Chosen: the roll call still open (or just ended) with the caller's sign-in, for a late joiner. */
  rollCallCurrent: get<WebcastOnly>('/ccp/handler/v1/rollcall/current', ['webcastId']),
  paperInfo: get<IdOnly>('/ccp/handler/v1/paper/info/id', ['id']),
  /** chosen path */
  paperPublishList: get<WebcastOnly>('/ccp/handler/v1/paper/publish/list', ['webcastId']),
  /** chosen path */
  paperUnanswered: get<WebcastOnly>('/ccp/handler/v1/paper/unanswered/info', ['webcastId']),
  paperState: post<{ id: Id; webcastId: Id; answers?: unknown }>('/ccp/receiver/v1/paper/state', ['id', 'webcastId', 'answers']),
  /** chosen path */
  answerSheetNeed: get<{ confId: Id }>('/ccp/handler/v1/answerSheet/need', ['confId']),
  /** chosen path */
  answerSheetGet: get<{ confId: Id }>('/ccp/handler/v1/answerSheet/get', ['confId']),
  answerSheetAnswer: post<{ confId: Id; answer: unknown }>('/ccp/receiver/v1/answerSheet/answer', ['confId', 'answer']),

  // Chat
  /** SPEC paging (skip, take), and the replay's extension (docs/protocol.md): `until` a time (ms), or `after` a room offset */
  chatHistory: get<WebcastOnly & Paging & { until?: number; after?: number }>('/ccp/monitor/v1/chat/public/list', ['webcastId', 'skip', 'take', 'until', 'after']),
  chatByIds: post<{ webcastId: Id; ids: readonly Id[] }>('/ccp/monitor/v1/chat/public/listByIds', ['webcastId', 'ids']),
  /** ours (docs/protocol.md 5.10): the room's events by time, for a recording's timeline */
  replayTimeline: get<WebcastOnly & { from?: number; to?: number }>('/ccp/handler/v2/webcast/replay/timeline', ['webcastId', 'from', 'to']),
  /** ours (docs/protocol.md 5.10): the caller's own moments (sent, mentioned, questions) */
  replayMoments: get<WebcastOnly & { from?: number; to?: number }>('/ccp/handler/v2/webcast/replay/moments', ['webcastId', 'from', 'to']),
  /** ours (docs/protocol.md 5.13): the caller's own record of the room, to save as a file; 4409 when the room does not allow it */
  ownRecord: get<WebcastOnly>('/ccp/handler/v2/webcast/own/record', ['webcastId']),
  /** chosen path: JSON (no form word in it); the answer's url goes into the 7101 imgUrl */
  chatImageUpload: post<ChatImageUploadInput, ChatImageUploadData>(
    '/ccp/handler/v2/chat/image',
    ['webcastId', 'fileName', 'contentType', 'data'],
    { decode: decodeChatImageUploadData },
  ),

  // Lottery
  /** chosen path */
  raffleWinners: get<{ raffleId: Id }>('/ccp/handler/v1/raffle/winners', ['raffleId']),
  /** chosen path */
  raffleRecord: get<WebcastOnly>('/ccp/handler/v1/raffle/conf/record', ['webcastId']),
  /** chosen path: a winner leaves the contact details for the prize */
  raffleWinner: post<{ raffleId: Id; name?: string; phone?: string; address?: string }>('/ccp/receiver/v1/raffle/winner', [
    'raffleId',
    'name',
    'phone',
    'address',
  ]),
  rafflePassword: post<{ raffleId: Id; password: string }>('/ccp/receiver/v1/raffle/password', ['raffleId', 'password']),

  // Users, keep-alive and notices
  userRoleList: get<WebcastOnly>('/ccp/monitor/v1/webcast/user/list', ['webcastId']),
  heartbeat: post<WebcastOnly>('/ccp/user/v1/heartbeat', ['webcastId']),
  notice: get<WebcastOnly>('/ccp/handler/v2/noticeV2/get/info', ['webcastId']),
  contract: get<IdOnly>('/ccp/monitor/v2/contract/{id}', ['id']),
  updateName: LIVE_ENTRY_CALLS.updateName,

  // Playback, streams and settings (all paths chosen)
  pushStreamUrl: get<WebcastOnly>('/ccp/monitor/v2/stream/push/url', ['webcastId']),
  playbackConfig: get<WebcastOnly>('/ccp/monitor/v2/playback/config', ['webcastId']),
  cloudSetting: get<WebcastOnly>('/ccp/monitor/v2/setting/cloud', ['webcastId']),
  otherSetting: get<WebcastOnly>('/ccp/monitor/v2/setting/other', ['webcastId']),
  multiStreamList: get<WebcastOnly>('/ccp/monitor/v2/stream/multi/list', ['webcastId']),
  pullStreamUrl: get<{ webcastId: Id; streamId?: Id; camera?: Id }>('/ccp/monitor/v2/stream/pull/url', ['webcastId', 'streamId', 'camera']),
  defaultStreamList: get<WebcastOnly>('/ccp/monitor/v2/stream/default/list', ['webcastId']),
  // group_info and group_config rather than group/info, group/config: those would collide
  // with the two-segment template group/{a}/{b} on a server router.
  groupInfoList: get<WebcastOnly>('/ccp/monitor/v2/group_info/list', ['webcastId']),
  groupConfig: get<WebcastOnly>('/ccp/monitor/v2/group_config', ['webcastId']),
  group: get<{ a: Id; b: Id }>('/ccp/monitor/v2/group/{a}/{b}', ['a', 'b']),
  marketConfig: get<WebcastOnly>('/ccp/monitor/v2/market/config', ['webcastId']),
  watermarkConfig: get<WebcastOnly>('/ccp/monitor/v2/watermark/config', ['webcastId']),
  subscribeConfig: get<WebcastOnly>('/ccp/monitor/v2/subscribe/config', ['webcastId']),
  /** type: sms, email or the messaging-service account; account: the number or address */
  messageSubscribe: post<{ webcastId: Id; type: string; account?: string }>('/ccp/monitor/v2/message_subscribe', [
    'webcastId',
    'type',
    'account',
  ]),
  splashConfig: get<WebcastOnly>('/ccp/monitor/v2/splash/config', ['webcastId']),
  splashList: get<WebcastOnly>('/ccp/monitor/v2/splash/list', ['webcastId']),
  splashClick: post<{ webcastId: Id; advertId: Id }>('/ccp/receiver/v1/splash/click', ['webcastId', 'advertId']),

  // Delayed charging
  delayCharge: post<IdOnly>('/ccp/handler/v2/webcast/delay/{id}', ['id']),
  /** chosen path */
  delayCheck: get<IdOnly>('/ccp/handler/v2/webcast/delay/{id}/check', ['id']),
  /** chosen path: SPEC names no call to pay what delayed charging makes due; the amount is the room's price, checked by the server */
  delayPay: post<IdOnly & { amount: string }>('/ccp/handler/v2/webcast/delay/{id}/pay', ['id', 'amount'], { spendsMoney: true }),

  // Records, posters and Q&A
  recordList: get<WebcastOnly & Paging>('/ccp/monitor/v2/webcast/record/list/{webcastId}', ['webcastId', 'skip', 'take']),
  posterInvitationList: get<IdOnly>('/ccp/statistics/v1/poster/{id}/invitation/list', ['id']),
  qaAsk: post<{ confId: Id; content: string }>('/ccp/handler/v1/qa', ['confId', 'content']),
  /** chosen path */
  qaList: get<{ confId: Id; sort?: 'newest' | 'votes' } & Paging>('/ccp/handler/v1/qa/list', ['confId', 'sort', 'skip', 'take']),
  /** chosen path */
  qaReply: get<{ qaId: Id }>('/ccp/handler/v1/qa/reply', ['qaId']),
  /** chosen path */
  qaWithQuestion: post<{ confId: Id; qaId: Id; content: string }>('/ccp/handler/v1/qa/withQuestion', ['confId', 'qaId', 'content']),
  /** Ours (issue 13): an upvote, one per viewer and question; `up: false` takes it back. */
  qaVote: post<{ confId: Id; qaId: Id; up: boolean }>('/ccp/handler/v1/qa/vote', ['confId', 'qaId', 'up']),
  /** chosen path */
  qaSwitch: get<WebcastOnly>('/ccp/handler/v1/qa/switch', ['webcastId']),
} as const;
