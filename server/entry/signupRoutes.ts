/**
 * Sign-up calls: the room's form (GET webcast/{id}/sign), POST webcast/sign, and the
 * status of a number or address (is_sign/{webcastId}/{numString}/{type}, type 1 = phone,
 * 2 = email): none, pending, passed or failed.
 */
import type { RouteModule } from '../http/app.js';
import { invalid, okEnvelope } from '../http/envelope.js';
import { validateEmail, validatePhone } from '../../src/domain/contact';
import { requireRoom, ROOM_ID_SCHEMA, type Room } from './rooms.js';
import { checked } from './fields.js';
import { signupByEmail, signupByPhone, submitSignup, validateAnswers, identityOf } from './signups.js';
import { ID_PARAMS, type IdParams } from '../live/schemas.js';

/** What numString is, by `type`. */
export const SIGN_NUM_TYPES = { 1: 'phone', 2: 'email' } as const;

const SIGN_SCHEMA = {
  body: {
    type: 'object',
    required: ['webcastId', 'answers'],
    properties: {
      webcastId: ROOM_ID_SCHEMA,
      numString: { type: 'string', maxLength: 254 },
      type: { type: 'integer', enum: [1, 2] },
      // An object or a list of {key, value}: checked by validateAnswers.
      answers: {},
    },
  },
} as const;

const IS_SIGN_SCHEMA = {
  params: {
    type: 'object',
    required: ['webcastId', 'numString', 'type'],
    properties: { webcastId: ROOM_ID_SCHEMA, numString: { type: 'string', minLength: 1, maxLength: 254 }, type: { type: 'integer', enum: [1, 2] } },
  },
} as const;

interface SignBody {
  readonly webcastId: string;
  readonly numString?: string;
  readonly type?: 1 | 2;
  readonly answers: unknown;
}

function signupRoom(room: Room): Room {
  if (room.gate !== 'signup') throw invalid('webcastId', 'this room takes no sign-ups');
  return room;
}

export const signupRoutes: RouteModule = (app, ctx) => {
  app.get<IdParams>('/ccp/monitor/v2/webcast/:id/sign', { schema: ID_PARAMS }, async (request) => {
    const room = await requireRoom(ctx, request.params.id);
    const s = room.settings.signup;
    return okEnvelope({ enabled: room.gate === 'signup', approval: s.approval, fields: room.gate === 'signup' ? s.fields : [] });
  });

  app.post<{ Body: SignBody }>('/ccp/monitor/v2/webcast/sign', { schema: SIGN_SCHEMA }, async (request) => {
    const room = signupRoom(await requireRoom(ctx, request.body.webcastId));
    const fields = room.settings.signup.fields;
    const answers = validateAnswers(fields, request.body.answers);
    const who = identityOf(fields, answers);
    const type = who.phone !== null ? 1 : 2;
    const numString = who.phone ?? who.email ?? '';
    // numString and type, when sent, must name the same person as the answers.
    if (request.body.type !== undefined && request.body.type !== type) throw invalid('type', `must be ${type} for these answers`);
    if (request.body.numString !== undefined && request.body.numString.trim() !== '') {
      const given = type === 1 ? checked('numString', validatePhone(request.body.numString)) : request.body.numString.trim();
      if (given.toLowerCase() !== numString.toLowerCase()) throw invalid('numString', 'must match the phone or email answered');
    }
    const record = await submitSignup(ctx.store, ctx.now(), room, answers);
    return okEnvelope({ state: record.state, numString, type });
  });

  app.get<{ Params: { webcastId: string; numString: string; type: 1 | 2 } }>(
    '/ccp/monitor/v2/webcast/is_sign/:webcastId/:numString/:type',
    { schema: IS_SIGN_SCHEMA },
    async (request) => {
      const { webcastId, numString, type } = request.params;
      const room = await requireRoom(ctx, webcastId);
      const record =
        type === 1
          ? await signupByPhone(ctx.store.db, room.id, checked('numString', validatePhone(numString)))
          : await signupByEmail(ctx.store.db, room.id, checked('numString', validateEmail(numString)));
      return okEnvelope({ signed: record !== null, state: record?.state ?? 'none', approval: room.settings.signup.approval });
    },
  );
};
