/** The query of the messaging app's authorisation redirect (/getWxInfo?code=…&state=…). */
export interface WxCallback {
  /** One-time authorisation code to exchange for the user's info. */
  readonly code: string;
  /** What we passed to the authorisation page (e.g. the room to return to); may be empty. */
  readonly state: string;
}

/** Null when there is no usable code: the link expired or was opened by hand. */
export function readWxCallback(params: URLSearchParams): WxCallback | null {
  const code = params.get('code')?.trim() ?? '';
  if (code === '') return null;
  return { code, state: params.get('state')?.trim() ?? '' };
}

/** What open/userInfo answers about the messaging account. */
export interface WxUser {
  readonly openId: string;
  readonly nickname: string;
  /** Only an http(s) address is kept (it goes into an img src). */
  readonly headImgUrl: string | null;
}

export function readWxUser(data: unknown, base: string): WxUser | null {
  if (typeof data !== 'object' || data === null) return null;
  const { openId, nickname, headImgUrl } = data as Record<string, unknown>;
  if (typeof openId !== 'string' || openId === '') return null;
  let avatar: string | null = null;
  if (typeof headImgUrl === 'string' && headImgUrl !== '') {
    try {
      const url = new URL(headImgUrl, base);
      if (url.protocol === 'http:' || url.protocol === 'https:') avatar = url.href;
    } catch {
      avatar = null;
    }
  }
  return { openId, nickname: typeof nickname === 'string' ? nickname : '', headImgUrl: avatar };
}

/** The room the flow started from (`state`), when it is a room id: the way back. */
export function roomOfState(state: string): string | null {
  return /^[A-Za-z0-9_-]{1,64}$/.test(state) ? state : null;
}
