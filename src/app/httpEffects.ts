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
  /** A failed call for the error reports (issue 39): what failed, its code (business code or HTTP status). */
  readonly reportCall?: (error: Error, code: number | null) => void;
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
    // Every other failure is reported, with the call's path (never its filled-in values) and code.
    callFailed(error, path) {
      const code = error.kind === 'business' ? (error.code ?? null) : error.kind === 'http' ? (error.status ?? null) : null;
      deps.reportCall?.(new Error(`${path} ${error.kind}${code === null ? '' : ` ${code}`}`), code);
    },
    // Code 402: clear the session, say that the login expired, return to the root.
    sessionExpired() {
      deps.clearSession();
      deps.pushNotice({ key: 'code.402', tone: 'warning' });
      deps.navigate('/');
    },
  };
}
