/**
 * The pure part of the guest entry (SPEC 1 "enter a live room", SPEC 5 nickname and privacy
 * rules, PROTOCOL 1.3 guest login): what the room info says about entering as a guest, the
 * login call's input from the form, and whether the viewer is already signed in.
 */
import type { LoginInput } from '../../api';
import { validateNickname } from '../../domain/nickname';
import { privacyGate } from '../../domain/privacy';
import { fail, ok, type Problem, type Result } from '../../domain/result';

/** What the room info call (`entry` of GET webcast/{id}) says about entering the room. */
export interface EntryRules {
  /** The room takes guest logins (`entry.types` lists `guest`). */
  readonly guestAllowed: boolean;
  /** The login is refused (4107) unless the privacy agreement was ticked. */
  readonly privacyRequired: boolean;
  /** The agreement's title and text as the room sets them; null when not given. */
  readonly privacy: { readonly title: string; readonly content: string } | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the entry rules from the room info answer; null when it does not have the
 * expected `entry` object (another server, an older format): then the form offers the
 * privacy checkbox without requiring it and lets the server decide.
 */
export function readEntryRules(roomInfo: unknown): EntryRules | null {
  if (!isRecord(roomInfo) || !isRecord(roomInfo.entry)) return null;
  const { types, privacyRequired, privacy } = roomInfo.entry;
  if (!Array.isArray(types) || typeof privacyRequired !== 'boolean') return null;
  const text =
    isRecord(privacy) && typeof privacy.title === 'string' && typeof privacy.content === 'string'
      ? { title: privacy.title, content: privacy.content }
      : null;
  return { guestAllowed: types.includes('guest'), privacyRequired, privacy: text };
}

/**
 * How the form shows the privacy agreement: required (must be ticked), optional (the room
 * info is unknown: ticking sends the consent, not ticking lets the server decide), hidden
 * (the room does not ask for it).
 */
export type PrivacyMode = 'required' | 'optional' | 'hidden';

export function privacyMode(rules: EntryRules | null): PrivacyMode {
  if (rules === null) return 'optional';
  return rules.privacyRequired ? 'required' : 'hidden';
}

export interface GuestForm {
  /** As typed; empty means "no nickname": the server gives one. */
  readonly nickname: string;
  readonly privacyTicked: boolean;
}

/** Problems of the form, one per field, as i18n keys (shown next to the field). */
export interface GuestFormProblems {
  readonly nickname?: Problem;
  readonly privacy?: Problem;
}

/**
 * The guest login call's input (PROTOCOL 1.3), or the form's problems. A nickname is
 * optional; when one is typed it must pass the nickname rule and is sent trimmed. The
 * consent is sent only when ticked and the form shows the checkbox.
 */
export function guestLoginInput(roomId: string, form: GuestForm, mode: PrivacyMode): Result<LoginInput, GuestFormProblems> {
  let name: string | undefined;
  let nicknameProblem: Problem | undefined;
  if (form.nickname !== '') {
    const checked = validateNickname(form.nickname);
    if (checked.ok) name = checked.value;
    else nicknameProblem = checked.error;
  }
  const ticked = mode !== 'hidden' && form.privacyTicked;
  const consent = mode === 'required' ? privacyGate(ticked) : ok(undefined);
  if (nicknameProblem !== undefined || !consent.ok) {
    return fail({
      ...(nicknameProblem === undefined ? {} : { nickname: nicknameProblem }),
      ...(consent.ok ? {} : { privacy: consent.error }),
    });
  }
  return ok({
    webcastId: roomId,
    type: 'guest',
    ...(name === undefined ? {} : { name }),
    ...(ticked ? { privacyAccepted: true } : {}),
  });
}

/** The session fields that tell who is signed in where. */
export interface SignedInView {
  readonly currentRoomId: string | null;
  readonly liveToken: string | null;
  readonly userId: string | null;
  readonly curUser: { readonly name: string } | null;
}

/**
 * Who is signed in to `roomId` (their name, else their user id), or null when this room
 * has no login yet.
 */
export function signedInAs(session: SignedInView, roomId: string): string | null {
  if (session.currentRoomId !== roomId || session.liveToken === null) return null;
  const name = session.curUser?.name ?? '';
  return name !== '' ? name : (session.userId ?? '');
}
