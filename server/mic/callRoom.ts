/**
 * Call-room control pushes (PROTOCOL 2.2: 6105 ... 6167, each acknowledged with code + 1
 * and its mid). SPEC names the codes but not their meaning; ours tie them to the mic room
 * of a webcast (the "call room": the room's host and assistants plus the viewers who are
 * connecting or connected), one meaning per code:
 *
 * | code | sent when                                        | to                | body (besides webcastId, mid)      |
 * |------|--------------------------------------------------|-------------------|------------------------------------|
 * | 6105 | the call room's member list changed              | call room         | users: [{uid, name, state}]        |
 * | 6107 | a viewer joined the call room (connected)        | call room         | uid                                |
 * | 6113 | a viewer left the call room (hang-up or decline) | call room         | uid, by ('viewer' or 'host')       |
 * | 6117 | you were removed from the call room by the host  | that viewer       | users: [uid], kick_reason (100)    |
 * | 6121 | call-room attributes changed (mic requests)      | host side         | attr: {open}                       |
 * | 6123 | a member's attributes changed (its mic state)    | host side         | users: [{uid, attr: {state}}]      |
 * | 6125 | the call room closed (mic requests closed)       | call room         | (nothing more)                     |
 * | 6147 | the host side invited a viewer                   | host side         | uid, from                          |
 * | 6157 | an invited viewer answered                       | host side         | uid, accepted                      |
 * | 6161 | a viewer cancelled their application             | host side         | uid                                |
 * | 6165 | a call-room member's network was lost            | call room         | uid                                |
 * | 6167 | snapshot of the call room after a (re)login      | that viewer       | state, users                       |
 */
/** The codes, shared with the client's reader of them (src/protocol/callRoom.ts). */
export { CALL_ROOM_PUSH as CALL_ROOM } from '../../src/protocol/callRoom';

/** SPEC 3: "Call-room kick: users, kick_reason (default 100)". */
export { KICK_DEFAULT_REASON } from '../../src/domain/constants';
