/**
 * The demo pictures of goods and recommendations: a coloured tile with an initial, served
 * as SVG under the commerce prefix, so the seeded items carry an address a page may load
 * (the client shows pictures only from http(s) or same-origin addresses).
 */
import type { FastifyInstance } from 'fastify';

const PREFIX = '/commerce/v1/demo/tile';
const COLOUR = /^[0-9a-f]{6}$/;
const LETTER = /^[A-Z0-9]$/;

/** The address of the tile for `label` (its initial) in `colour` ("#rrggbb"). */
export function demoTileUrl(label: string, colour: string): string {
  const letter = label.charAt(0).toUpperCase();
  return `${PREFIX}/${colour.replace('#', '').toLowerCase()}/${LETTER.test(letter) ? letter : 'X'}.svg`;
}

export function demoPictureRoutes(app: FastifyInstance): void {
  app.get<{ Params: { colour: string; letter: string } }>(`${PREFIX}/:colour/:letter`, async (request, reply) => {
    const { colour } = request.params;
    const letter = request.params.letter.replace(/\.svg$/, '');
    if (!COLOUR.test(colour) || !LETTER.test(letter)) return reply.status(404).send({ code: 404, msg: 'no such picture', data: null });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240"><rect width="240" height="240" fill="#${colour}"/><text x="120" y="152" font-family="sans-serif" font-size="104" font-weight="700" text-anchor="middle" fill="#ffffff">${letter}</text></svg>`;
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
}
