/**
 * The device id's form (docs/protocol.md 1.2): what the browser makes (src/state/deviceId.ts)
 * and the only form the server keeps for kicks (server/auth/loginOrigin.ts).
 */
const DEVICE_ID_FORM = /^[0-9A-Za-z_-]{16,64}$/;

export const isDeviceId = (value: unknown): value is string => typeof value === 'string' && DEVICE_ID_FORM.test(value);
