/**
 * Money amounts travel as decimal strings (PROTOCOL 1.4: "0.10", never 0.1). The app's
 * validator coerces types (form bodies carry numbers as text), and that coercion would turn
 * a JSON number into a string and let `amount: 0.1` be charged. A body property whose
 * schema carries this marker is therefore checked before validation, on the body as sent:
 * anything but a string is refused with 4501 naming the field.
 */
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { invalid } from './envelope.js';

/** The `$comment` that marks a schema property as decimal text (ajv ignores comments). */
export const DECIMAL_TEXT = 'decimal text, never a JSON number';

function decimalTextFields(bodySchema: unknown): string[] {
  if (typeof bodySchema !== 'object' || bodySchema === null) return [];
  const properties = (bodySchema as { properties?: Record<string, unknown> }).properties ?? {};
  return Object.entries(properties)
    .filter(([, schema]) => typeof schema === 'object' && schema !== null && (schema as { $comment?: unknown }).$comment === DECIMAL_TEXT)
    .map(([field]) => field);
}

/** Adds the check to every route registered after it whose body has such a property. */
export function registerDecimalTextCheck(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const fields = decimalTextFields((route.schema as { body?: unknown } | undefined)?.body);
    if (fields.length === 0) return;
    const check: preValidationHookHandler = (request, _reply, done) => {
      const body = request.body as Record<string, unknown> | null | undefined;
      const wrong = fields.find((field) => body !== null && typeof body === 'object' && field in body && typeof body[field] !== 'string');
      if (wrong !== undefined) return done(invalid(wrong, 'must be a decimal string such as "0.10", not a number'));
      done();
    };
    const earlier = route.preValidation;
    route.preValidation = earlier === undefined ? [check] : [check, ...(Array.isArray(earlier) ? earlier : [earlier])];
  });
}
