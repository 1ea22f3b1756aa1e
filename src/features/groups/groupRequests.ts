/**
 * The group requests the screens send (SPEC 7.5, server/groups/handlers.ts bodies): for each
 * member action and for each answer to a notice, its code and body, as data the tests read.
 */
import type { MemberAction } from '../../domain/groupRules';
import { GROUP_REQUEST, type GroupNotice } from '../../realtime/conversations';
import type { FrameBody } from '../../protocol/frame';

export type GroupRequest = readonly [code: number, body: FrameBody];

export const MEMBER_ACTION_REQUEST: Readonly<Record<MemberAction, (gid: string, uid: string) => GroupRequest>> = {
  remove: (gid, uid) => [GROUP_REQUEST.removeMembers, { gid, users: [uid] }],
  makeAdmin: (gid, uid) => [GROUP_REQUEST.setAdmin, { gid, uid, admin: true }],
  unmakeAdmin: (gid, uid) => [GROUP_REQUEST.setAdmin, { gid, uid, admin: false }],
  transferHost: (gid, uid) => [GROUP_REQUEST.transferHost, { gid, uid }],
  silence: (gid, uid) => [GROUP_REQUEST.setPower, { gid, uid, power: 0 }],
  unsilence: (gid, uid) => [GROUP_REQUEST.setPower, { gid, uid, power: 1 }],
};

/** The request that answers a notice, accepting or refusing; null for a notice that takes no answer. */
export function noticeAnswer(notice: GroupNotice, accept: boolean): GroupRequest | null {
  const response = accept ? 1 : 0;
  switch (notice.kind) {
    case 'invite':
      return notice.cid === null ? null : [GROUP_REQUEST.replyInvite, { gid: notice.gid, cid: notice.cid, response }];
    case 'application':
      return notice.cid === null ? null : [GROUP_REQUEST.respondApplication, { gid: notice.gid, cid: notice.cid, response }];
    case 'powerApplication':
      return notice.uid === null ? null : [GROUP_REQUEST.setPower, { gid: notice.gid, uid: notice.uid, power: response }];
    default:
      return null;
  }
}
