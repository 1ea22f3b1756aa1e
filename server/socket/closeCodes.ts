/**
 * WebSocket close codes the server uses. 4000-4999 are for applications (RFC 6455 7.4.2);
 * ours mirror the business code that explains the close where there is one. The client
 * does not depend on them (it reacts to pushes 9004 and 1100), they help whoever reads a
 * trace.
 */
export const CLOSE = {
  /** Server shutting down. */
  goingAway: 1001,
  /** The client reads too slowly: its send buffer passed the limit. It may reconnect and replay. */
  slowConsumer: 1013,
  /**
   * The store was away when the socket's login needed it (RFC 6455's "try again later"): no
   * push 1100, which would end the viewer's login for good (SPEC 4), only a lost socket, which
   * the client reconnects in 2 s, up to 25 times.
   */
  storeUnavailable: 1013,
  /** Nothing heard for SOCKET_IDLE_SECONDS (PROTOCOL 2.3: 90 s). */
  idle: 4000,
  /** Push 1100 with a status other than 200 was sent. */
  loginFailed: 4001,
  /** Removed from the room (push 7127 kick). */
  kicked: 4003,
  /** Push 9004 was sent: the account logged in elsewhere. */
  loggedInElsewhere: 4005,
  /** Push 1100 status 4013 was sent: the session's owner logged out. */
  loggedOut: 4013,
  /** A cluster's room log was lost and begun again (a new epoch): reconnect and join afresh. */
  roomLogReset: 4910,
  /** A simulated network drop (admin `users/:uid/drop`): the client only sees a lost socket. */
  networkDrop: 4900,
} as const;
