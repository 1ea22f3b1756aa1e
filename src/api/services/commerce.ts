/**
 * The commerce service's client: its call table (src/protocol/services/commerce.ts, shared with the
 * server) bound to the HTTP client.
 */
import { COMMERCE_CALLS } from '../../protocol/services/commerce';
import type { HttpClient } from '../http';
import { bindCalls, type BoundCalls } from './bind';

export * from '../../protocol/services/commerce';
export type CommerceService = BoundCalls<typeof COMMERCE_CALLS>;

export const createCommerceService = (http: HttpClient): CommerceService => bindCalls(http, COMMERCE_CALLS);
