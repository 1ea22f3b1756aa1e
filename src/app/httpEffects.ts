/**
 * What the app does when a request fails in a way that concerns more than that one call
 * (SPEC 8, PROTOCOL 1.1). Dependencies are passed in so the rules are testable in node.
 */
import type { HttpEffects } from '../api/http';
import type { NoticeInput } from '../state/notices';

export interface HttpEffectDeps {
  readonly navigate: (to: string) => void;
  readonly clearSession: () => void;
  readonly pushNotice: (notice: NoticeInput) => void;
}

/** HTTP statuses a response can carry; anything else has no error page to show. */
const isHttpStatus = (status: number): boolean => Number.isInteger(status) && status >= 100 && status <= 599;

export const errorPagePath = (status: number): string => `/error/${status}`;

export function createHttpEffects(deps: HttpEffectDeps): HttpEffects {
  return {
    // A failure with a response goes to the error page /error/{status}.
    transportFailure(status) {
      if (isHttpStatus(status)) deps.navigate(errorPagePath(status));
    },
    // Code 402: clear the session, say that the login expired, return to the root.
    sessionExpired() {
      deps.clearSession();
      deps.pushNotice({ key: 'code.402', tone: 'warning' });
      deps.navigate('/');
    },
  };
}
