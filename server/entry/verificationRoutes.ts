/**
 * The commerce service's verification calls: POST verify/sms/send, verify/sms/check and
 * verify/mail/sendCode. Sending is limited to one code per address per 60 s (4203 with
 * `{waitSeconds}`); a check counts toward the code's wrong tries but does not spend it (the
 * login does). Delivery is simulated: see /sim/inbox.
 */
import type { RouteModule } from '../http/app.js';
import { okEnvelope } from '../http/envelope.js';
import { requireRoom, ROOM_ID_SCHEMA } from './rooms.js';
import { emailField, phoneField, smsCodeField } from './fields.js';
import { entryState } from './state.js';

const SMS_SEND_SCHEMA = {
  body: {
    type: 'object',
    required: ['phone'],
    properties: { phone: { type: 'string', maxLength: 32 }, liveId: ROOM_ID_SCHEMA },
  },
} as const;

const SMS_CHECK_SCHEMA = {
  body: {
    type: 'object',
    required: ['phone', 'code'],
    properties: { phone: { type: 'string', maxLength: 32 }, code: { type: 'string', maxLength: 16 } },
  },
} as const;

const MAIL_SEND_SCHEMA = {
  body: {
    type: 'object',
    required: ['email'],
    properties: { email: { type: 'string', maxLength: 254 }, liveId: ROOM_ID_SCHEMA },
  },
} as const;

export const verificationRoutes: RouteModule = (app, ctx) => {
  const { codes } = entryState(ctx);

  app.post<{ Body: { phone: string; liveId?: string } }>('/commerce/v1/verify/sms/send', { schema: SMS_SEND_SCHEMA }, async (request) => {
    const phone = phoneField('phone', request.body.phone);
    if (request.body.liveId !== undefined) await requireRoom(ctx, request.body.liveId);
    return okEnvelope({ sent: true, ...(await codes.send('sms', phone)) });
  });

  app.post<{ Body: { phone: string; code: string } }>('/commerce/v1/verify/sms/check', { schema: SMS_CHECK_SCHEMA }, async (request) => {
    const phone = phoneField('phone', request.body.phone);
    await codes.verify('sms', phone, smsCodeField('code', request.body.code), false);
    return okEnvelope({ valid: true });
  });

  app.post<{ Body: { email: string; liveId?: string } }>('/commerce/v1/verify/mail/sendCode', { schema: MAIL_SEND_SCHEMA }, async (request) => {
    const email = emailField('email', request.body.email);
    if (request.body.liveId !== undefined) await requireRoom(ctx, request.body.liveId);
    return okEnvelope({ sent: true, ...(await codes.send('email', email)) });
  });
};
