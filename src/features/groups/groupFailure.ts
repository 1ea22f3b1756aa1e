/**
 * The words for a refused conversation request: the group service's refusals in a group's
 * terms (issue 16: full 4201, not host or admin 4009, silenced 4402), anything else as the
 * realtime layer says it.
 */
import { realtimeFailureText, type RealtimeFailure, type Translate } from '../../state/roomFeed';

const GROUP_CODES: Readonly<Record<number, string>> = {
  4201: 'groups.refused.full',
  4009: 'groups.refused.notAllowed',
  4402: 'groups.refused.silenced',
};

/** `t` of the interactions namespace; `tMain` of the main one (the realtime layer's words). */
export function groupFailureText(failure: RealtimeFailure, t: Translate, tMain: Translate): string {
  const key = failure.reason === 'rejected' && failure.status !== null ? GROUP_CODES[failure.status] : undefined;
  return key === undefined ? realtimeFailureText(failure, tMain) : t(key);
}
