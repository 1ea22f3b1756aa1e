/**
 * The console's calls (the host side; ours, docs/protocol.md 5.3), a table of their own on
 * the live service host: only the console's chunk carries it (the guide page's script has a
 * budget, tests/e2e/guide-bundle.spec.ts). Bound with `api.bindLive(HOST_CALLS)`.
 */
import { callMakers, type Id } from '../calls';

const { get, post } = callMakers('live');

type IdOnly = { readonly id: Id };
type WebcastOnly = { readonly webcastId: Id };

export const HOST_CALLS = {
  /** Connect-mic: requests open or closed, accept, reject, invite, hang up. */
  micHost: post<{ action: 'requests' | 'accept' | 'reject' | 'invite' | 'hangup'; uid?: string; open?: boolean }>('/ccp/monitor/v1/voip/host', ['action', 'uid', 'open']),
  // The admin API's interaction routes, mounted for a host or assistant login of the room.
  hostLotteryStart: post<{ id: Id; raffleId?: string }>('/ccp/monitor/v1/host/rooms/{id}/lottery/start', ['id', 'raffleId']),
  hostLotteryEnd: post<{ id: Id; raffleId?: string }>('/ccp/monitor/v1/host/rooms/{id}/lottery/end', ['id', 'raffleId']),
  hostPaperPublish: post<{ id: Id; kind: 'paper' | 'quiz' | 'answerSheet' }>('/ccp/monitor/v1/host/rooms/{id}/paper/publish', ['id', 'kind']),
  hostPaperClose: post<IdOnly>('/ccp/monitor/v1/host/rooms/{id}/paper/close', ['id']),
  hostRollCallStart: post<{ id: Id; seconds: number }>('/ccp/monitor/v1/host/rooms/{id}/rollcall/start', ['id', 'seconds']),
  hostRollCallSignIns: post<IdOnly>('/ccp/monitor/v1/host/rooms/{id}/rollcall/signins', ['id']),
  hostRedPacketSend: post<{ id: Id; total: string; count: number; title?: string }>('/ccp/monitor/v1/host/rooms/{id}/redpacket/send', ['id', 'total', 'count', 'title']),
  hostRedPacketGrabs: post<IdOnly>('/ccp/monitor/v1/host/rooms/{id}/redpacket/grabs', ['id']),
  hostGoodsPush: post<{ id: Id; kind: 'goods' | 'recommend' }>('/ccp/monitor/v1/host/rooms/{id}/goods/push', ['id', 'kind']),
  hostQaState: post<{ id: Id; state: 'on' | 'off' | 'unopened' }>('/ccp/monitor/v1/host/rooms/{id}/qa/state', ['id', 'state']),
  hostQaPending: post<IdOnly>('/ccp/monitor/v1/host/rooms/{id}/qa/pending', ['id']),
  hostQaApprove: post<{ id: Id; qaId: Id }>('/ccp/monitor/v1/host/rooms/{id}/qa/{qaId}/approve', ['id', 'qaId']),
  hostQaAnswer: post<{ id: Id; qaId: Id; text: string }>('/ccp/monitor/v1/host/rooms/{id}/qa/{qaId}/answer', ['id', 'qaId', 'text']),
  hostCaption: post<{ id: Id; text: string }>('/ccp/monitor/v1/host/rooms/{id}/caption', ['id', 'text']),
  /** A recording's chapters (docs/protocol.md 5.10): list, add at now, remove. */
  hostChapters: get<IdOnly>('/ccp/monitor/v1/host/rooms/{id}/chapters', ['id']),
  hostChapterAdd: post<{ id: Id; title: string }>('/ccp/monitor/v1/host/rooms/{id}/chapters', ['id', 'title']),
  hostChapterRemove: post<{ id: Id; chapterId: Id }>('/ccp/monitor/v1/host/rooms/{id}/chapters/{chapterId}/remove', ['id', 'chapterId']),
  hostShare: post<{ id: Id; docId?: Id; page?: number; whiteboard?: boolean; stop?: boolean }>('/ccp/monitor/v1/host/rooms/{id}/share', ['id', 'docId', 'page', 'whiteboard', 'stop']),
  // The room's own control (the CLI's schedule, intro, audit and readmit, mounted for the console too).
  hostSchedule: post<{ id: Id; inSeconds: number }>('/ccp/monitor/v1/host/rooms/{id}/live/schedule', ['id', 'inSeconds']),
  hostIntroduction: post<{ id: Id; text: string }>('/ccp/monitor/v1/host/rooms/{id}/introduction', ['id', 'text']),
  hostSignups: get<IdOnly>('/ccp/monitor/v1/host/rooms/{id}/signups', ['id']),
  hostSignupAudit: post<{ id: Id; uid: Id; state: 'passed' | 'failed' }>('/ccp/monitor/v1/host/rooms/{id}/signups/{uid}/audit', ['id', 'uid', 'state']),
  hostKicks: get<IdOnly>('/ccp/monitor/v1/host/rooms/{id}/kicks', ['id']),
  /** Whether strangers are guessing the watch password or member codes (ours; docs/protocol.md 5.3). */
  hostGuessing: get<IdOnly>('/ccp/monitor/v1/host/rooms/{id}/guessing', ['id']),
  hostReadmit: post<{ id: Id; uid: Id }>('/ccp/monitor/v1/host/rooms/{id}/users/{uid}/readmit', ['id', 'uid']),
  /** Gifts and rewards, goods on or off for the room; without either it reads them. */
  hostCommerce: post<{ id: Id; rewards?: boolean; goods?: boolean }>('/ccp/monitor/v1/host/rooms/{id}/commerce', ['id', 'rewards', 'goods']),
  /** A message as the login's role under another name (the CLI's say --name), highlighted or pinned. */
  hostSay: post<{ id: Id; text: string; name?: string; highlight?: boolean; top?: boolean }>('/ccp/monitor/v1/host/rooms/{id}/say', ['id', 'text', 'name', 'highlight', 'top']),
  /** Review mode from the console (ours; docs/protocol.md 5.3). */
  chatPending: get<WebcastOnly>('/ccp/monitor/v1/chat/pending', ['webcastId']),
  chatReview: post<{ webcastId: Id; msgId: string; approve: boolean }>('/ccp/monitor/v1/chat/pending/review', ['webcastId', 'msgId', 'approve']),
} as const;
