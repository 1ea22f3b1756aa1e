/**
 * The client-side session of SPEC section 3 ("Session state") as one valtio store: who the
 * viewer is in which room, and the room and player settings the screens share.
 *
 * Server-provided objects whose shape PROTOCOL.md does not pin yet (room info, share and
 * language config) are kept as read-only records; the features that read them narrow them.
 */
import { proxy } from 'valtio';
import { themeColourOrDefault } from '../domain/colour';
import { DEFAULT_LOCALE, DEFAULT_THEME_COLOUR, type Locale, type LiveStatusName, type QualityLevel } from '../domain/constants';
import { browserLocalStorage, browserStorageEvents, createLoginStore, type LoginStore, type StoredLogin } from './loginStorage';

/** SPEC 6: audience and guests are role 5, the default of every visitor. */
export const DEFAULT_ROLE = 5;

/** The answer of the live login call (PROTOCOL 1.3). */
export interface LoginResult {
  readonly token: string;
  readonly sid: string;
  readonly userId: string;
  readonly role: number;
  /** Realtime socket address. */
  readonly ws: string;
}

/** How the viewer got into the room: the login kinds of SPEC 1 (PROTOCOL 1.3 `type`). */
export type EnterType = 'guest' | 'password' | 'memberCode' | 'phone' | 'email' | 'signUp' | 'workWx' | 'qrScan';

/** Desktop page or mobile page: the two layouts of the room. */
export type PlatformType = 'pc' | 'mobile';

export interface CurrentUser {
  readonly userId: string;
  readonly name: string;
  readonly role: number;
  readonly headImgUrl?: string;
}

type ServerRecord = Readonly<Record<string, unknown>>;

export interface SessionState {
  /** Live (room) info from the room info call; null until loaded. */
  bcInfo: ServerRecord | null;
  /** Token sent as the `token` header (SPEC 6); null means "no session": no header at all. */
  liveToken: string | null;
  /** Socket login id (PROTOCOL 2.3). */
  sid: string | null;
  userId: string | null;
  /** Realtime socket address from the login answer. */
  wsUrl: string | null;
  curUser: CurrentUser | null;
  enterType: EnterType | null;
  currentRole: number;
  /** The room the screens show; null outside a room (error pages, WxInfo). */
  currentRoomId: string | null;
  /** Conference id used by roll call, answer sheet and Q&A calls. */
  confId: string | null;
  groupId: string | null;
  /** Aggregation id when the room is entered through an aggregated (multi-room) page. */
  aggId: string | null;
  platformType: PlatformType;
  /** Mirrors the i18n language so non-React code (requests, socket) can read it. */
  localeLang: Locale;
  /** Always a valid colour: setTheme replaces invalid input with the default. */
  currentTheme: string;
  /** The room's page layout mode as the room info gives it; null until known. */
  webLiveMode: number | null;
  /** True once the viewer is on the video page rather than the guide. */
  isJoinVideo: boolean;
  liveStatus: LiveStatusName;
  shareConfig: ServerRecord | null;
  languageConfig: ServerRecord | null;
  /** Custom images offered in chat (e.g. praise images of the room). */
  chatImages: string[];
  /** Chosen devices for connect-mic and the device test; null means the browser default. */
  cameraDeviceId: string | null;
  microphoneDeviceId: string | null;
  /** Show the "set your nickname" hint until the viewer has changed it (SPEC 5). */
  nicknameModifyTips: boolean;
  /** Start playing without a click where the browser allows it. */
  autoPlayer: boolean;
  /** The original stream always exists; transcoded levels depend on the room. */
  defaultDesktopQuality: QualityLevel;
  /** Latency (ms) behind live beyond which the player catches up in low-delay mode. */
  autoDelayThreshold: number;
}

export const DEFAULT_AUTO_DELAY_THRESHOLD_MS = 5000;

export function initialSession(): SessionState {
  return {
    bcInfo: null,
    liveToken: null,
    sid: null,
    userId: null,
    wsUrl: null,
    curUser: null,
    enterType: null,
    currentRole: DEFAULT_ROLE,
    currentRoomId: null,
    confId: null,
    groupId: null,
    aggId: null,
    platformType: 'pc',
    localeLang: DEFAULT_LOCALE,
    currentTheme: DEFAULT_THEME_COLOUR,
    webLiveMode: null,
    isJoinVideo: false,
    liveStatus: 'notStarted',
    shareConfig: null,
    languageConfig: null,
    chatImages: [],
    cameraDeviceId: null,
    microphoneDeviceId: null,
    nicknameModifyTips: true,
    autoPlayer: true,
    defaultDesktopQuality: 'original',
    autoDelayThreshold: DEFAULT_AUTO_DELAY_THRESHOLD_MS,
  };
}

/**
 * Kept by clearSession: the interface language, the site's theme and the viewer's device
 * choices belong to the browser, not to the login that expired.
 */
type KeptOnClear = 'localeLang' | 'currentTheme' | 'cameraDeviceId' | 'microphoneDeviceId';

export const session = proxy<SessionState>(initialSession());

let loginStore: LoginStore = createLoginStore(browserLocalStorage(), browserStorageEvents());

/** Ends the watch on the current room's login in other tabs; set while a room is current. */
let stopWatchingLogin: (() => void) | null = null;

/**
 * Follows the room's login as other tabs of the browser change it: they share one socket
 * per login, so a login or logout there (clearSession after 402, ended elsewhere) is this
 * tab's too. Only the login fields change; the room state stays.
 */
function watchLogin(roomId: string | null): void {
  stopWatchingLogin?.();
  stopWatchingLogin = null;
  if (roomId === null) return;
  stopWatchingLogin = loginStore.subscribe(roomId, (login) => {
    if (session.currentRoomId === roomId) applyLogin(login);
  });
}

/** Tests (and a future "remember me" choice) can swap where logins are remembered. */
export function setLoginStore(store: LoginStore): void {
  loginStore = store;
  watchLogin(session.currentRoomId);
}

function applyLogin(login: StoredLogin | null): void {
  session.liveToken = login?.liveToken ?? null;
  session.sid = login?.sid ?? null;
  session.userId = login?.userId ?? null;
  session.currentRole = login?.role ?? DEFAULT_ROLE;
  session.wsUrl = login?.wsUrl ?? null;
}

/**
 * The screens call this when they show room `roomId`. Moving to another room drops the
 * previous room's state and brings back the login remembered for the new room, if any.
 */
export function enterRoom(roomId: string): void {
  if (session.currentRoomId === roomId) return;
  const kept = pickKept();
  Object.assign(session, initialSession(), kept, { currentRoomId: roomId });
  applyLogin(loginStore.load(roomId));
  watchLogin(roomId);
}

/** The live screen's mode: the video page (true) or the guide page (false). */
export function setJoinedVideo(joined: boolean): void {
  session.isJoinVideo = joined;
}

/** Stores a successful login for the current room and remembers it across reloads. */
export function setSession(login: LoginResult): void {
  const stored: StoredLogin = { liveToken: login.token, sid: login.sid, userId: login.userId, role: login.role, wsUrl: login.ws };
  applyLogin(stored);
  if (session.currentRoomId !== null) loginStore.save(session.currentRoomId, stored);
}

/**
 * Ends the session (expired login, logout): back to the defaults, nothing remembered. The
 * removal reaches the room's other tabs, which drop the login too.
 */
export function clearSession(): void {
  if (session.currentRoomId !== null) loginStore.remove(session.currentRoomId);
  watchLogin(null);
  Object.assign(session, initialSession(), pickKept());
}

/** SPEC 5: only #rgb or #rrggbb; anything else gives the default #2081eb. */
export function setTheme(colour: unknown): void {
  session.currentTheme = themeColourOrDefault(colour);
}

function pickKept(): Pick<SessionState, KeptOnClear> {
  return {
    localeLang: session.localeLang,
    currentTheme: session.currentTheme,
    cameraDeviceId: session.cameraDeviceId,
    microphoneDeviceId: session.microphoneDeviceId,
  };
}
