/**
 * Every HTTP route module, in registration order. The client module goes last: it owns the
 * not-found handler (SPA fallback).
 */
import type { RouteModule } from '../http/app.js';
import { clientRoutes } from './client.js';

export const ROUTES: readonly RouteModule[] = [clientRoutes];
