/**
 * The viewer's nickname as the login and update_name calls answer it (`name`,
 * `nameChanged`), per user id, remembered in the browser so a reload still knows whether the
 * nickname was set (SPEC 5: it must be changed before connect-mic or a lottery). Also the
 * "set your nickname first" prompt that requireNickname() opens.
 */
import { proxy } from 'valtio';
import { nicknameGate } from '../../domain/nickname';
import { session } from '../../state/session';

export interface KnownName {
  readonly name: string;
  readonly changed: boolean;
}

interface NicknameStore {
  byUser: Record<string, KnownName>;
  /** Set while the prompt is open (the number of the waiting requireNickname() call). */
  prompt: number | null;
}

export const nicknameStore = proxy<NicknameStore>({ byUser: {}, prompt: null });

/** The waiting requireNickname() call (kept outside the store: a function is no state). */
let waiting: { readonly id: number; readonly resolve: (ok: boolean) => void } | null = null;
let lastId = 0;

/** Closes the prompt: true once a nickname was saved, false when the viewer gave up. */
export function settleNicknamePrompt(ok: boolean): void {
  const current = waiting;
  waiting = null;
  nicknameStore.prompt = null;
  current?.resolve(ok);
}

const KEY_PREFIX = 'webcast.nickname.';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readStored(userId: string): KnownName | null {
  try {
    const raw = storage()?.getItem(KEY_PREFIX + userId);
    if (raw == null) return null;
    const value = JSON.parse(raw) as unknown;
    if (typeof value === 'object' && value !== null) {
      const { name, changed } = value as Record<string, unknown>;
      if (typeof name === 'string' && typeof changed === 'boolean') return { name, changed };
    }
  } catch {
    // Unreadable: as if nothing was stored.
  }
  return null;
}

/** Records the name the server answered for `userId` (login or update_name). */
export function rememberName(userId: string, name: string, changed: boolean): void {
  const known: KnownName = { name, changed };
  nicknameStore.byUser[userId] = known;
  try {
    storage()?.setItem(KEY_PREFIX + userId, JSON.stringify(known));
  } catch {
    // Storage full or blocked: kept for this page only.
  }
  if (session.userId === userId) session.curUser = { userId, name, role: session.currentRole };
}

/** What is known of `userId`'s nickname (this page's memory, else the browser's). */
export function knownName(userId: string | null): KnownName | null {
  if (userId === null) return null;
  const inMemory = nicknameStore.byUser[userId];
  if (inMemory !== undefined) return inMemory;
  // No caching into the store here: this is read during render.
  return readStored(userId);
}

/** True when the signed-in viewer's nickname passes SPEC 5's "set before" rule. */
export function nicknameIsSet(): boolean {
  const known = knownName(session.userId);
  return known !== null && nicknameGate({ nickname: known.name, nicknameChanged: known.changed }).ok;
}

/**
 * Call before applying for the mic or joining a lottery (SPEC 5). Resolves true at once when
 * the viewer already set a nickname; otherwise opens the nickname prompt (render
 * <NicknamePrompt/> on the page) and resolves true once a nickname was saved, false when the
 * viewer closed the prompt (or there is no login). A second call while the prompt is open
 * settles the first with false.
 */
export function requireNickname(): Promise<boolean> {
  if (session.liveToken === null) return Promise.resolve(false);
  if (nicknameIsSet()) return Promise.resolve(true);
  settleNicknamePrompt(false);
  return new Promise<boolean>((resolve) => {
    lastId += 1;
    waiting = { id: lastId, resolve };
    nicknameStore.prompt = lastId;
  });
}
