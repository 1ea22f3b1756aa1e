/**
 * The call room's push codes (SPEC 4, PROTOCOL 2.2), one table for the server that sends
 * them (server/mic/callRoom.ts, which documents each) and the client that reads them
 * (src/realtime/callRoomState.ts).
 */
export const CALL_ROOM_PUSH = {
  membersChanged: 6105,
  memberJoined: 6107,
  memberLeft: 6113,
  removed: 6117,
  roomAttributes: 6121,
  memberAttributes: 6123,
  closed: 6125,
  invited: 6147,
  inviteAnswered: 6157,
  applicationCancelled: 6161,
  networkLost: 6165,
  snapshot: 6167,
} as const;
