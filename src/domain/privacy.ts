/** SPEC 5: "Privacy agreement must be ticked before login or interaction." */
import { fail, ok, problem, type Result } from './result';

/**
 * Gate for login and for interactions (chat, rewards, lottery...). Only a literal `true`
 * passes, so an unset or unknown consent state (undefined, a stored string) counts as not
 * accepted.
 */
export function privacyGate(accepted: unknown): Result<void> {
  return accepted === true ? ok(undefined) : fail(problem('validation.privacy.required'));
}
