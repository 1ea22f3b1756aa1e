/**
 * Connect-mic over the socket: media signalling relayed between the two peers (4115 offer,
 * 4117 answer, 4119 ICE candidate; request `{webcastId, to, ...}`, pushed to `to` with
 * `from` added; a viewer on the mic may leave `to` out: every connected host and assistant gets it) and the host side's invitation (4133 `{webcastId, uid}`).
 */
import { isStaff } from '../../src/domain/roles';
import { encodeFrame } from '../../src/protocol/frame';
import type { ServerContext } from '../context.js';
import { invalid } from '../http/envelope.js';
import { idField, optionalIdField } from '../socket/fields.js';
import { roomOfRequest } from '../socket/roomHandlers.js';
import type { MicService } from './service.js';

export const SIGNALLING_CODES = [4115, 4117, 4119] as const;

export function registerMicHandlers(ctx: ServerContext, mic: MicService): void {
  for (const code of SIGNALLING_CODES) {
    ctx.socketHandlers.register(code, async (request) => {
      const webcastId = await roomOfRequest(ctx, request);
      const to = optionalIdField(request.body, 'to');
      const { userId, role } = request.session;
      const targets = await mic.relayTargets(webcastId, userId, role, to);
      const { to: _to, ...payload } = request.body;
      const frame = encodeFrame({ code, body: { ...payload, webcastId, from: userId } });
      for (const target of targets) target.send(frame);
      return { delivered: targets.length };
    });
  }

  ctx.socketHandlers.register(4133, async (request) => {
    if (!isStaff(request.session.role)) throw invalid('role', 'only the host or an assistant may invite to the mic');
    const webcastId = await roomOfRequest(ctx, request);
    const uid = idField(request.body, 'uid');
    await mic.invite(webcastId, uid, request.session.userId);
    return { uid };
  });
}
