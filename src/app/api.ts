/**
 * The app's HTTP client: service addresses from the runtime configuration, the token from
 * the session store, and the two app-level failure effects (SPEC 8).
 */
import { reportFailure } from '../diagnostics/reportFailure';
import { createApi, type Api } from '../api';
import type { RuntimeConfig } from '../config';
import { pushNotice } from '../state/notices';
import { deviceId } from '../state/deviceId';
import { clearSession, session } from '../state/session';
import { createHttpEffects } from './httpEffects';
import { navigateFromOutside } from './navigation';

export function createAppApi(config: Pick<RuntimeConfig, 'services'>): Api {
  return createApi({
    services: config.services,
    getToken: () => session.liveToken,
    getDeviceId: deviceId,
    effects: createHttpEffects({ navigate: navigateFromOutside, clearSession, pushNotice, reportCall: (error, code) => reportFailure('call', error, code) }),
  });
}
