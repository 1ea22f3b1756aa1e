/**
 * The hostile content corpus of issue 17 item 5: XSS and spoofing payloads, each numbered, so
 * that a payload that ever runs or becomes markup says which one it was. Script in a payload
 * calls `__hostileRan(<id>)` (`parent.` inside frames), which the scenario's page defines and
 * counts; every element a payload would make carries `data-hostile="<id>"`, which a page that
 * parsed it as markup would show. Written from the usual families (OWASP's filter evasion
 * cheat sheet, mutation XSS, URL scheme tricks, Unicode spoofing), not copied from a list.
 *
 * The corpus is base payloads times variants (raw, inside text, upper-case tags, entity
 * text, a bidi override around it, zero-width characters spliced in, NUL in the tag, doubled
 * up to an overlong run), which is how real filters are defeated: by the variant their
 * author did not think of.
 */

export type HostileFamily = 'markup' | 'url' | 'unicode' | 'overlong';

export interface HostilePayload {
  readonly id: number;
  readonly family: HostileFamily;
  /** What it is, in a few words, for the report. */
  readonly label: string;
  /** The text as a user would type or send it. */
  readonly text: string;
  /** For the URL family: the address as a link or picture field would carry it. */
  readonly url: string | null;
}

interface Made {
  readonly label: string;
  readonly make: (id: number) => string;
}
interface Base extends Made {
  readonly family: HostileFamily;
}
const ofFamily = (family: HostileFamily, made: readonly Made[]): Base[] => made.map((m) => ({ ...m, family }));

const run = (id: number): string => `__hostileRan(${id})`;
const tag = (id: number): string => `data-hostile="${id}"`;

/** Markup that runs script or makes elements when parsed as HTML (or SVG, MathML). */
const MARKUP: readonly Base[] = ofFamily('markup', [
  { label: 'script element', make: (id) => `<script ${tag(id)}>${run(id)}</script>` },
  { label: 'img onerror', make: (id) => `<img src=x ${tag(id)} onerror=${run(id)}>` },
  { label: 'img onerror, quotes broken out', make: (id) => `"><img src=x ${tag(id)} onerror="${run(id)}">` },
  { label: 'single-quote breakout, svg onload', make: (id) => `'><svg ${tag(id)} onload=${run(id)}>` },
  { label: 'svg onload', make: (id) => `<svg ${tag(id)} onload="${run(id)}"></svg>` },
  { label: 'svg script', make: (id) => `<svg ${tag(id)}><script>${run(id)}</script></svg>` },
  { label: 'svg animate href', make: (id) => `<svg ${tag(id)}><a><animate attributeName=href values=javascript:${run(id)} /><text y=20>x</text></a></svg>` },
  { label: 'iframe srcdoc', make: (id) => `<iframe ${tag(id)} srcdoc="<script>parent.${run(id)}</script>"></iframe>` },
  { label: 'iframe javascript src', make: (id) => `<iframe ${tag(id)} src="javascript:parent.${run(id)}"></iframe>` },
  { label: 'body onload', make: (id) => `<body ${tag(id)} onload=${run(id)}>` },
  { label: 'details ontoggle', make: (id) => `<details ${tag(id)} open ontoggle=${run(id)}>` },
  { label: 'input autofocus onfocus', make: (id) => `<input ${tag(id)} autofocus onfocus=${run(id)}>` },
  { label: 'anchor javascript href', make: (id) => `<a ${tag(id)} href="javascript:${run(id)}">click</a>` },
  { label: 'form action javascript', make: (id) => `<form ${tag(id)} action="javascript:${run(id)}"><button>go</button></form>` },
  { label: 'button formaction', make: (id) => `<button ${tag(id)} formaction="javascript:${run(id)}">go</button>` },
  { label: 'object data javascript', make: (id) => `<object ${tag(id)} data="javascript:${run(id)}"></object>` },
  { label: 'embed src data', make: (id) => `<embed ${tag(id)} src="data:text/html,<script>parent.${run(id)}</script>">` },
  { label: 'video source onerror', make: (id) => `<video ${tag(id)}><source onerror="${run(id)}"></video>` },
  { label: 'audio src onerror', make: (id) => `<audio ${tag(id)} src=x onerror=${run(id)}>` },
  { label: 'marquee onstart', make: (id) => `<marquee ${tag(id)} onstart=${run(id)}>x</marquee>` },
  { label: 'style url javascript', make: (id) => `<div ${tag(id)} style="background:url(javascript:${run(id)})">x</div>` },
  { label: 'style element import', make: (id) => `<style ${tag(id)}>@import 'javascript:${run(id)}';</style>` },
  { label: 'base href hijack', make: (id) => `<base ${tag(id)} href="javascript:${run(id)}//">` },
  { label: 'meta refresh', make: (id) => `<meta ${tag(id)} http-equiv="refresh" content="0;url=javascript:${run(id)}">` },
  { label: 'link import', make: (id) => `<link ${tag(id)} rel=import href="data:text/html,<script>${run(id)}</script>">` },
  { label: 'comment breakout', make: (id) => `<!--<img src="--><img src=x ${tag(id)} onerror=${run(id)}>` },
  { label: 'noscript title breakout', make: (id) => `<noscript><p title="</noscript><img src=x ${tag(id)} onerror=${run(id)}>">` },
  { label: 'textarea breakout', make: (id) => `</textarea><script ${tag(id)}>${run(id)}</script>` },
  { label: 'title breakout', make: (id) => `</title><img src=x ${tag(id)} onerror=${run(id)}>` },
  { label: 'mathml mutation', make: (id) => `<math><mtext><table><mglyph><style><img src=x ${tag(id)} onerror=${run(id)}></style></mglyph></table></mtext></math>` },
  { label: 'template content', make: (id) => `<template><img src=x ${tag(id)} onerror=${run(id)}></template><img src=x ${tag(id)} onerror=${run(id)}>` },
  { label: 'unquoted attribute with slash', make: (id) => `<img/src=x/${tag(id)}/onerror=${run(id)}>` },
  { label: 'tab inside the handler name', make: (id) => `<img src=x ${tag(id)} on\terror=${run(id)}>` },
  { label: 'select autofocus onfocus', make: (id) => `<select ${tag(id)} autofocus onfocus=${run(id)}></select>` },
  { label: 'contenteditable onfocus', make: (id) => `<div ${tag(id)} contenteditable autofocus onfocus=${run(id)}>x</div>` },
  { label: 'template literal injection', make: (id) => `\${${run(id)}}` },
  { label: 'template engine injection', make: (id) => `{{constructor.constructor('${run(id)}')()}}` },
  { label: 'JSON breakout', make: (id) => `"}]};${run(id)};//` },
  { label: 'closing script in JSON', make: (id) => `</script><script ${tag(id)}>${run(id)}</script>` },
  { label: 'emoji token holding markup', make: (id) => `[<img src=x ${tag(id)} onerror=${run(id)}>]` },
  { label: 'mention holding markup', make: (id) => `@<svg ${tag(id)} onload=${run(id)}> hello` },
]);

/** Addresses that are not http(s), or dress one up: for link and picture fields, and as text. */
const URLS: readonly Base[] = ofFamily('url', [
  { label: 'javascript: URL', make: (id) => `javascript:${run(id)}` },
  { label: 'mixed-case scheme', make: (id) => `JaVaScRiPt:${run(id)}` },
  { label: 'leading space', make: (id) => ` javascript:${run(id)}` },
  { label: 'tab inside the scheme', make: (id) => `java\tscript:${run(id)}` },
  { label: 'newline inside the scheme', make: (id) => `java\nscript:${run(id)}` },
  { label: 'entity-encoded scheme', make: (id) => `&#106;avascript:${run(id)}` },
  { label: 'percent-encoded scheme', make: (id) => `javascript%3A${run(id)}` },
  { label: 'data: HTML', make: (id) => `data:text/html,<script>${run(id)}</script>` },
  { label: 'data: SVG', make: (id) => `data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='${run(id)}'/>` },
  { label: 'data: base64 HTML', make: (id) => `data:text/html;base64,${Buffer.from(`<script>${run(id)}</script>`).toString('base64')}` },
  { label: 'vbscript:', make: () => 'vbscript:msgbox(1)' },
  { label: 'file:', make: () => 'file:///etc/passwd' },
  { label: 'protocol-relative', make: (id) => `//evil.test/${id}.png` },
  { label: 'backslash host', make: (id) => `/\\evil.test/${id}.png` },
  { label: 'double backslash', make: (id) => `\\\\evil.test\\${id}.png` },
  { label: 'http without slashes', make: (id) => `http:evil.test/${id}` },
  { label: 'quote breaking out of the attribute', make: (id) => `https://evil.test/${id}.png" onerror="${run(id)}` },
  { label: 'angle bracket breaking out', make: (id) => `https://evil.test/${id}.png"><img src=x ${tag(id)} onerror=${run(id)}>` },
  { label: 'credentials lookalike', make: (id) => `https://live.example.com@evil.test/${id}` },
  { label: 'homoglyph host', make: (id) => `https://gооgle.com/${id}` },
  { label: 'fullwidth dot host', make: (id) => `https://evil．test/${id}` },
  { label: 'right-to-left override in the address', make: (id) => `https://evil.test/\u202Egnp.${id}exe` },
  { label: 'about:blank', make: () => 'about:blank' },
  { label: 'blob: of another origin', make: () => 'blob:https://evil.test/0b6c0e2e-0000-4000-8000-000000000000' },
]);

/** Text that pretends to be something it is not, or breaks layout and direction. */
const UNICODE: readonly Base[] = ofFamily('unicode', [
  { label: 'right-to-left override', make: (id) => `\u202E${id} moc.evil.test ot og` },
  { label: 'isolate left open', make: (id) => `\u2067${id} يرحب بكم` },
  { label: 'left-to-right embedding left open', make: (id) => `\u202A${id} abc \u202B def` },
  { label: 'zero-width characters in a staff word', make: (id) => `主\u200B持\u200D人 ${id}: 请点击链接领取奖品` },
  { label: 'byte order mark and word joiner', make: (id) => `\uFEFF\u2060${id}\u2060\uFEFF` },
  { label: 'fullwidth markup', make: (id) => `＜script＞${run(id)}＜/script＞` },
  { label: 'entity text', make: (id) => `&lt;img src=x onerror=${run(id)}&gt;` },
  { label: 'double-escaped markup', make: (id) => `&amp;lt;script&amp;gt;${run(id)}&amp;lt;/script&amp;gt;` },
  { label: 'combining marks stacked', make: (id) => `Z${'\u0336\u0337\u0338\u0334'.repeat(60)} ${id}` },
  { label: 'fake system line', make: (id) => `\n\n系统消息：管理员已将你禁言 ${id}` },
  { label: 'fake host line', make: (id) => `[主持人] Host: 抽奖链接 https://evil.test/${id}` },
  { label: 'lone surrogate', make: (id) => `\uD800 ${id} \uDFFF` },
  { label: 'control characters', make: (id) => `\u0000\u0007\u001B[31m ${id}` },
  { label: 'homoglyph link text', make: (id) => `请访问 https://wеbcast.example.com/pay/${id}` },
]);

/** Strings long enough to break a layout that does not wrap or cut. */
const OVERLONG: readonly Base[] = ofFamily('overlong', [
  { label: 'one long word', make: (id) => `${id}${'W'.repeat(3000)}` },
  { label: 'long CJK run', make: (id) => `${id}${'长'.repeat(3000)}` },
  { label: 'long URL', make: (id) => `https://evil.test/${id}/${'a'.repeat(2500)}` },
  { label: 'emoji tokens', make: (id) => `${id}${'[微笑]'.repeat(600)}` },
  { label: 'newlines', make: (id) => `${id}${'\n'.repeat(400)}end` },
]);

/** The ways a payload is varied; each keeps its id and its `__hostileRan` call intact. */
const VARIANTS: readonly { readonly name: string; readonly apply: (text: string) => string; readonly families: readonly HostileFamily[] }[] = [
  { name: 'as is', apply: (t) => t, families: ['markup', 'url', 'unicode', 'overlong'] },
  { name: 'inside text', apply: (t) => `大家好 ${t} 谢谢`, families: ['markup', 'url', 'unicode'] },
  { name: 'upper-case tags', apply: (t) => t.replace(/<(\/?)([a-z]+)/g, (_m, slash: string, name: string) => `<${slash}${name.toUpperCase()}`), families: ['markup'] },
  { name: 'inside a bidi override', apply: (t) => `\u202E${t}\u202C`, families: ['markup', 'url', 'unicode'] },
  { name: 'zero-width spliced', apply: (t) => t.replace(/</g, '<\u200B').replace(/:/g, '\u200C:'), families: ['markup', 'url'] },
  { name: 'NUL in the tag', apply: (t) => t.replace(/<([a-z])/i, '<\u0000$1'), families: ['markup'] },
  { name: 'doubled and repeated', apply: (t) => `${t} `.repeat(Math.max(2, Math.ceil(600 / Math.max(1, t.length)))), families: ['markup', 'url', 'unicode'] },
  { name: 'after a quote', apply: (t) => `“${t}”`, families: ['markup', 'url', 'unicode', 'overlong'] },
  { name: 'mention prefix', apply: (t) => `@所有人 ${t}`, families: ['markup', 'unicode'] },
];

/** Every payload, numbered from 1. */
export function hostileCorpus(): HostilePayload[] {
  const payloads: HostilePayload[] = [];
  for (const base of [...MARKUP, ...URLS, ...UNICODE, ...OVERLONG]) {
    for (const variant of VARIANTS) {
      if (!variant.families.includes(base.family)) continue;
      const id = payloads.length + 1;
      const made = base.make(id);
      const text = variant.apply(made);
      payloads.push({ id, family: base.family, label: `${base.label}, ${variant.name}`, text, url: base.family === 'url' && variant.name === 'as is' ? made : base.family === 'url' ? text : null });
    }
  }
  return payloads;
}

/** The families' counts, as "markup 369, url 192...". */
export function corpusSummary(payloads: readonly HostilePayload[]): string {
  const counts = new Map<string, number>();
  for (const p of payloads) counts.set(p.family, (counts.get(p.family) ?? 0) + 1);
  return [...counts].map(([family, n]) => `${family} ${n}`).join(', ');
}
