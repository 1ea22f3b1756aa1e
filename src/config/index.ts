/**
 * Reads the runtime configuration that public/config.js puts on `window` before the app
 * script runs. index.html loads config.js with a plain <script>: when the file is missing
 * (404) or throws, the global is simply absent, which is reported as "missing" so the
 * startup screen can say so instead of leaving the page blank.
 */
import { parseRuntimeConfig, type RuntimeConfig } from './runtimeConfig';

declare global {
  interface Window {
    /** Set by public/config.js; unknown until parsed. */
    __WEBCAST_CONFIG__?: unknown;
  }
}

export type RuntimeConfigReading =
  | { readonly status: 'ok'; readonly config: RuntimeConfig }
  | { readonly status: 'missing' }
  | { readonly status: 'invalid'; readonly details: readonly string[] };

export function readRuntimeConfig(): RuntimeConfigReading {
  const raw = window.__WEBCAST_CONFIG__;
  if (raw === undefined) return { status: 'missing' };
  const parsed = parseRuntimeConfig(raw);
  return parsed.ok ? { status: 'ok', config: parsed.value } : { status: 'invalid', details: parsed.error };
}

export { enabledLocales, isAllowedOrigin, parseRuntimeConfig, SERVICE_NAMES } from './runtimeConfig';
export type { RuntimeConfig, ServiceName } from './runtimeConfig';
