/**
 * Where a login comes from: the device id the client sends with every call (header
 * `device-id`: a random id the browser keeps, src/state/deviceId.ts) and the address of the
 * request. Sessions keep both, so that a kick can keep out a guest who logs in again as a
 * new guest (server/chat/kicks.ts).
 */
import type { FastifyRequest } from 'fastify';
import { isDeviceId } from '../../src/domain/deviceId';

export const DEVICE_ID_HEADER = 'device-id';

export interface LoginOrigin {
  readonly deviceId: string | null;
  readonly address: string | null;
}

export const UNKNOWN_ORIGIN: LoginOrigin = { deviceId: null, address: null };

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** This machine: the server's own tools, or a reverse proxy on it that did not say whom it forwards (TRUST_PROXY). */
export const isLoopback = (address: string): boolean => LOOPBACK.test(address);

/**
 * The address the per-address rules (new guests, a kick's address signal) count a login
 * by; null for none and for loopback, which would be every viewer behind a local proxy.
 */
export const countedAddress = (origin: LoginOrigin): string | null => (origin.address === null || isLoopback(origin.address) ? null : origin.address);

/** The request's origin; a device id that is not of the client's form is taken as none. */
export function loginOriginOf(request: FastifyRequest): LoginOrigin {
  const header = request.headers[DEVICE_ID_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return { deviceId: isDeviceId(value) ? value : null, address: request.ip || null };
}
