/**
 * Tiny server-rendered pages of the simulated providers. Everything interpolated goes
 * through `escapeHtml`; the pages run no script and may only post forms to this server.
 */
import type { FastifyReply } from 'fastify';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** A trusted fragment (built only from escaped text and literals). */
export interface Html {
  readonly html: string;
}

/** Tagged template: interpolated strings are escaped, Html fragments and arrays of them are not. */
export function html(strings: TemplateStringsArray, ...values: ReadonlyArray<string | number | Html | readonly Html[]>): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    if (Array.isArray(value)) out += value.map((v: Html) => v.html).join('');
    else if (typeof value === 'object') out += (value as Html).html;
    else out += escapeHtml(String(value));
    out += strings[i + 1] ?? '';
  });
  return { html: out };
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.2rem}p.note{color:#666;font-size:.85rem}form{margin:.5rem 0}
button{width:100%;padding:.6rem;font-size:1rem;border:1px solid #2081eb;background:#fff;border-radius:.4rem;cursor:pointer}
button.primary{background:#2081eb;color:#fff}code{font-size:1.6rem;letter-spacing:.2rem}`;

export function sendPage(reply: FastifyReply, status: number, title: string, body: Html): FastifyReply {
  const page = html`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>${{ html: STYLE }}</style></head><body><h1>${title}</h1>${body}<p class="note">Simulated by the reference room server for demos and tests.</p></body></html>`;
  return reply
    .status(status)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}
