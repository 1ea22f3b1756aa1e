/** The text for anything a call threw: SPEC 8's message by code, else "submission failed". */
import { apiErrorText, isApiError, type Translate } from '../api/errors';

export function failureText(error: unknown, t: Translate): string {
  return isApiError(error) ? apiErrorText(error, t) : t('error.submitFailed');
}

/** The server's 4501 detail (`field: why`), for flows that act on a particular refusal. */
export function invalidInputDetail(error: unknown): string | null {
  return isApiError(error) && error.code === 4501 ? (error.serverMsg ?? '') : null;
}
