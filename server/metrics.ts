/**
 * Prometheus metrics (GET /metrics). One registry per server instance, so tests that run
 * several servers in one process do not share counters.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface ServerMetrics {
  readonly registry: Registry;
  readonly socketsOpen: Gauge;
  readonly roomsJoined: Gauge;
  readonly roomMessagesSent: Counter<'code'>;
  readonly framesSent: Counter;
  /** A cluster node's room messages read back from the stream because pub/sub missed them. */
  readonly nodeGapFilled: Counter;
  readonly malformedFrames: Counter<'reason'>;
  readonly httpRequests: Counter<'route' | 'method' | 'status'>;
  readonly httpLatency: Histogram<'route' | 'method'>;
  /** Pages' error reports received (issue 39), by kind; repeats a page counted are added. */
  readonly clientErrors: Counter<'kind'>;
  /** Connections closed on arrival because their address had too many open (http/connectionLimits.ts). */
  readonly connectionsRefused: Counter;
}

export function createMetrics(withProcessMetrics = true): ServerMetrics {
  const registry = new Registry();
  if (withProcessMetrics) collectDefaultMetrics({ register: registry });
  return {
    registry,
    socketsOpen: new Gauge({ name: 'webcast_sockets_open', help: 'Realtime sockets currently open', registers: [registry] }),
    roomsJoined: new Gauge({ name: 'webcast_room_joins', help: 'Room memberships across all open sockets', registers: [registry] }),
    roomMessagesSent: new Counter({
      name: 'webcast_room_messages_total',
      help: 'Room messages published (PROTOCOL 2.4), by code',
      labelNames: ['code'],
      registers: [registry],
    }),
    connectionsRefused: new Counter({ name: 'webcast_connections_refused_total', help: 'Connections closed on arrival: their address already had MAX_CONNECTIONS_PER_ADDRESS open', registers: [registry] }),
    framesSent: new Counter({ name: 'webcast_frames_sent_total', help: 'Socket frames written to clients', registers: [registry] }),
    nodeGapFilled: new Counter({ name: 'webcast_node_gap_filled_total', help: 'Room messages a cluster node read from the stream because its subscription missed them', registers: [registry] }),
    malformedFrames: new Counter({
      name: 'webcast_malformed_frames_total',
      help: 'Frames dropped because they did not parse (PROTOCOL 2.1)',
      labelNames: ['reason'],
      registers: [registry],
    }),
    httpRequests: new Counter({
      name: 'webcast_http_requests_total',
      help: 'HTTP requests by route and status',
      labelNames: ['route', 'method', 'status'],
      registers: [registry],
    }),
    httpLatency: new Histogram({
      name: 'webcast_http_request_seconds',
      help: 'HTTP request latency',
      labelNames: ['route', 'method'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    clientErrors: new Counter({
      name: 'webcast_client_errors_total',
      help: 'Error reports received from pages and workers (docs/protocol.md 5.11), by kind',
      labelNames: ['kind'],
      registers: [registry],
    }),
  };
}
