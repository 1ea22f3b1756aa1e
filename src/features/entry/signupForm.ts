/**
 * The room's sign-up form (GET webcast/{id}/sign -> `{enabled, approval, fields}`) and the
 * checks of SPEC 5 on its answers: required fields cannot be empty; phone and email
 * answers must have the right format (domain/contact.ts).
 */
import { validateEmail, validatePhone, validateRequired } from '../../domain/contact';
import { fail, ok, type Problem, type Result } from '../../domain/result';

export type SignFieldKind = 'text' | 'phone' | 'email';

export interface SignField {
  readonly key: string;
  readonly label: string;
  readonly kind: SignFieldKind;
  readonly required: boolean;
}

export interface SignConfig {
  readonly enabled: boolean;
  readonly approval: boolean;
  readonly fields: readonly SignField[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Field keys become DOM ids and body keys: keep them short and plain. */
const KEY = /^[A-Za-z0-9_-]{1,64}$/;

export function readSignConfig(data: unknown): SignConfig | null {
  if (!isRecord(data) || !Array.isArray(data.fields)) return null;
  const fields: SignField[] = [];
  for (const raw of data.fields) {
    if (!isRecord(raw) || typeof raw.key !== 'string' || !KEY.test(raw.key)) continue;
    if (fields.some((f) => f.key === raw.key)) continue;
    const kind: SignFieldKind = raw.kind === 'phone' || raw.kind === 'email' ? raw.kind : 'text';
    fields.push({ key: raw.key, label: typeof raw.label === 'string' && raw.label !== '' ? raw.label : raw.key, kind, required: raw.required === true });
  }
  return { enabled: data.enabled !== false, approval: data.approval === true, fields };
}

export type SignAnswers = Readonly<Record<string, string>>;

/**
 * Checks the answers; ok: the answers to send (trimmed, phone as the bare national number,
 * empty optional answers left out). fail: one problem per field key.
 */
export function checkSignAnswers(fields: readonly SignField[], answers: SignAnswers): Result<Record<string, string>, Record<string, Problem>> {
  const out: Record<string, string> = {};
  const problems: Record<string, Problem> = {};
  for (const field of fields) {
    const value = (answers[field.key] ?? '').trim();
    if (value === '') {
      if (field.required) {
        const required = validateRequired(value);
        if (!required.ok) problems[field.key] = required.error;
      }
      continue;
    }
    const checked: Result<string> = field.kind === 'phone' ? validatePhone(value) : field.kind === 'email' ? validateEmail(value) : ok(value);
    if (checked.ok) out[field.key] = checked.value;
    else problems[field.key] = checked.error;
  }
  return Object.keys(problems).length > 0 ? fail(problems) : ok(out);
}

/** The phone the sign-up names (the login uses it), else null. */
export function signupPhone(fields: readonly SignField[], answers: Readonly<Record<string, string>>): string | null {
  const field = fields.find((f) => f.kind === 'phone' && answers[f.key] !== undefined);
  return field === undefined ? null : (answers[field.key] ?? null);
}
