/**
 * A failed notice or contract call, told in a toast (non-blocking: the page keeps what it
 * has). Failures the app already acts on are left to it: 402 (session expired: cleared,
 * told, sent to the root), HTTP statuses (the error page); a cancelled call is nobody's news.
 */
import { isApiError } from '../../api';
import { pushNotice } from '../../state/notices';

export function noticeFailure(error: unknown, key: string): void {
  if (isApiError(error) && (error.kind === 'aborted' || error.kind === 'http' || error.code === 402)) return;
  pushNotice({ key, tone: 'warning' });
}
