/**
 * The resource service's client: its call table (src/protocol/services/resource.ts, shared with the
 * server) bound to the HTTP client.
 */
import { RESOURCE_CALLS } from '../../protocol/services/resource';
import type { HttpClient } from '../http';
import { bindCalls, type BoundCalls } from './bind';

export * from '../../protocol/services/resource';
export type ResourceService = BoundCalls<typeof RESOURCE_CALLS>;

export const createResourceService = (http: HttpClient): ResourceService => bindCalls(http, RESOURCE_CALLS);
