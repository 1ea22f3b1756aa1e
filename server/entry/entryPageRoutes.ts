/**
 * What the login page reads and checks besides the login itself: the whitelist rule (never
 * the list), the page's resources (background, logo, welcome, privacy text, login types),
 * the watch password check, and the nickname (SPEC 5 rules; a chosen name unlocks the mic
 * and lottery gates through users.name_changed).
 */
import type { RouteModule } from '../http/app.js';
import { okEnvelope } from '../http/envelope.js';
import { loginOriginOf } from '../auth/loginOrigin.js';
import { requireSession } from '../auth/sessions.js';
import { GATES } from './gates.js';
import { requireRoom, ROOM_ID_SCHEMA } from './rooms.js';
import { checkWatchPassword } from './credentials.js';
import { nicknameField } from './fields.js';
import { renameUser } from './users.js';
import { ID_PARAMS, type IdParams } from '../live/schemas.js';

const PASSWORD_CHECK_SCHEMA = {
  body: {
    type: 'object',
    required: ['webcastId', 'password'],
    properties: { webcastId: ROOM_ID_SCHEMA, password: { type: 'string', minLength: 1, maxLength: 128 } },
  },
} as const;

const NAME_SCHEMA = {
  // The nickname rules give the precise refusal; this only bounds the input.
  params: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 200 } } },
} as const;

export const entryPageRoutes: RouteModule = (app, ctx) => {
  app.get<IdParams>('/ccp/monitor/v2/webcast/:id/whitelist', { schema: ID_PARAMS }, async (request) => {
    const room = await requireRoom(ctx, request.params.id);
    return okEnvelope({ enabled: room.gate === 'whitelist', field: 'phone', verify: 'smsCode' });
  });

  app.get<IdParams>('/ccp/monitor/v2/login/resource/:id', { schema: ID_PARAMS }, async (request) => {
    const room = await requireRoom(ctx, request.params.id);
    const s = room.settings;
    return okEnvelope({
      title: room.title,
      coverUrl: room.coverUrl,
      background: s.loginPage.background,
      logo: s.loginPage.logo,
      welcome: s.loginPage.welcome,
      themeColour: room.themeColour,
      gate: room.gate,
      types: GATES[room.gate].types,
      fields: GATES[room.gate].fields,
      privacy: { required: s.privacy.required, title: s.privacy.title, content: s.privacy.content },
    });
  });

  app.post<{ Body: { webcastId: string; password: string } }>(
    '/ccp/monitor/v2/clv/sign/password/check',
    { schema: PASSWORD_CHECK_SCHEMA },
    async (request) => {
      const room = await requireRoom(ctx, request.body.webcastId);
      await checkWatchPassword(ctx, room, request.body.password, loginOriginOf(request));
      return okEnvelope({ valid: true });
    },
  );

  app.get<{ Params: { name: string } }>('/ccp/monitor/v2/webcast/user/update_name/:name', { schema: NAME_SCHEMA }, async (request) => {
    const session = await requireSession(ctx.sessions, request);
    const name = nicknameField('name', request.params.name);
    await renameUser(ctx.store.db, session.userId, name);
    return okEnvelope({ userId: session.userId, name, nameChanged: true });
  });
};
