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
