/** Business constants and limits of SPEC.md section 9, in one place. */

export const HTTP_TIMEOUT_MS = 1_000_000;
export const RETRY_DEFAULT_ATTEMPTS = 3;
export const RETRY_BASE_DELAY_MS = 500;
/** Unrelated helper calls (SPEC 9: "helper call timeout"). */
export const HELPER_CALL_TIMEOUT_MS = 30_000;

export const NICKNAME_MAX = 20;
export const IMAGE_MAX_BYTES = 500 * 1024;
export const MIN_AMOUNT_YUAN = '0.01';
export const QUESTION_MIN = 5;
export const CHAT_CUT_LENGTH = 500;
export const CHAT_ENTRIES_KEPT = 200;
export const EMOJI_TOKEN_LENGTH = 8;
export const DEFAULT_THEME_COLOUR = '#2081eb';
export const DOUBLE_CLICK_INTERVAL_MS = 3000;

export const HEARTBEAT_INTERVAL_MS = 30_000;
export const RECONNECT_WAIT_MS = 2000;
export const RECONNECT_MAX_ATTEMPTS = 25;
/** PROTOCOL 2.2: a request with no reply within this fails with a timeout. */
export const REQUEST_TIMEOUT_MS = 10_000;
/**
 * A socket whose login (push 1100) has no answer within this is given up as lost, and the
 * next address tried: a node that accepts sockets and answers nothing (starved, hung, or
 * behind a proxy that still accepts) would otherwise hold the viewer "reconnecting" until
 * the connection itself drops. As long as a request's own wait (PROTOCOL 2.2).
 */
export const LOGIN_REPLY_TIMEOUT_MS = REQUEST_TIMEOUT_MS;
/** PROTOCOL 2.4: own chat messages may be withdrawn this long after sending. */
export const WITHDRAW_WINDOW_MS = 120_000;

export const GROUP_DEFAULTS = { type: 3, maxnum: 500, auth: 1 } as const;
export const KICK_DEFAULT_REASON = 100;
export const CAPTCHA_VALUE = 85;
export const PROTOCOL_VERSION_LOGIN = '4.0';
export const PROTOCOL_VERSION_RESOURCE = '1.0.0';
export const SOCKET_LOGIN_AID = 100;

export const ERROR_REPORTING_APP_NAME = 'cloud_webcast';
export const ERROR_REPORTING_VERSION_LABEL = 'CLV_PC_WEB';

export const DECIMAL_PLACES = 20;

export const LOCALES = ['zh_cn', 'tr_cn', 'en_us', 'ru_ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh_cn';
/** ru_ru ships translated and is switched off by default configuration. */
export const LOCALES_ENABLED_BY_DEFAULT: readonly Locale[] = ['zh_cn', 'tr_cn', 'en_us'];

/** Directory service: server addresses are picked by index from the location answer. */
export const SERVER_ADDRESS_INDEX = { login: 1, websocket: 2, resource: 5, registration: 9 } as const;

export const QUALITY_LEVELS = ['original', 'ultraHd', 'hd', 'sd', 'fd'] as const;
export type QualityLevel = (typeof QUALITY_LEVELS)[number];
export const DELAY_MODES = ['noDelay', 'lowDelay', 'fluent'] as const;
export type DelayMode = (typeof DELAY_MODES)[number];
export const STREAM_TYPES = ['flv', 'hls'] as const;
export type StreamType = (typeof STREAM_TYPES)[number];
export const GIFTS = ['rose', 'heart', 'applause', 'lollipop', 'balloon', 'rocket'] as const;
export type Gift = (typeof GIFTS)[number];
/**
 * A reward (a tip of the viewer's own amount, at least MIN_AMOUNT_YUAN): paid through the
 * same call as the gifts, as `gift: "reward"` with count 1, and shown to the room by 7111
 * like them (docs/protocol.md 5.7).
 */
export const REWARD = 'reward';
export const PAID_KINDS = [...GIFTS, REWARD] as const;
export type PaidKind = (typeof PAID_KINDS)[number];
/** The most items of one gift in one payment (the server's limit too). */
export const GIFT_COUNT_MAX = 9999;

/** Live status codes of PROTOCOL 2.4 (push 7107). */
export const LIVE_STATUS = { notStarted: 0, preparing: 1, live: 2, ended: 3 } as const;
export type LiveStatusName = keyof typeof LIVE_STATUS;

/** Upper bound for a reward or red-packet amount in yuan. SPEC gives no number; our choice, a sanity cap against typos. */
export const MAX_AMOUNT_YUAN = '100000';
/** Amounts are entered and shown in whole fen: at most two decimal places. */
export const AMOUNT_DECIMAL_PLACES = 2;
/** Lottery password maximum length in characters. SPEC gives no number; our choice. */
export const LOTTERY_PASSWORD_MAX = 20;
/** Keyword maximum length in characters. SPEC gives no number; our choice. */
export const KEYWORD_MAX = 20;
/** Wait between two SMS or email code requests, in seconds. SPEC gives no number; our choice (the usual 60 s). */
export const CODE_COOLDOWN_SECONDS = 60;
/** SMS and email verification codes are 4 to 8 digits. SPEC gives no number; our choice. */
export const VERIFICATION_CODE_MIN_DIGITS = 4;
export const VERIFICATION_CODE_MAX_DIGITS = 8;
/** RFC 5321 limit on an address in a mail path. */
export const EMAIL_MAX_LENGTH = 254;
