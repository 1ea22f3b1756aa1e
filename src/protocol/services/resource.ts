/**
 * Resource host calls (SPEC 7.3): document sharing. The host is the one the room stores in
 * session storage (createApi's getResourceBase), else the configured resource service.
 *
 * SPEC gives no paths. Ours live under /share/v1: NOT /resource/..., because the directory
 * service already owns /resource/userdata (SPEC 7.4) and, with every service on one origin
 * (the default configuration), the two must never be confused.
 */
import { callMakers, type Id } from '../calls';

const { get, post } = callMakers('resource');

type WebcastOnly = { readonly webcastId: Id };

export const RESOURCE_PREFIX = '/share/v1';

export const RESOURCE_CALLS = {
  docShareInfo: get<WebcastOnly>('/share/v1/doc/info', ['webcastId']),
  whiteboardInfo: get<WebcastOnly>('/share/v1/whiteboard/info', ['webcastId']),
  cloudInfo: get<WebcastOnly>('/share/v1/cloud/info', ['webcastId']),
  /** The CDN address of a shared file. */
  cdnUrl: post<{ webcastId: Id; file: string }>('/share/v1/cdn/url', ['webcastId', 'file']),
} as const;
