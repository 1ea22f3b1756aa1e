/** The chaos suite's hostile content corpus (issue 17 item 5: at least 500 payloads, each traceable). */
import { describe, expect, it } from 'vitest';
import { hostileCorpus } from '../../chaos/lib/hostileCorpus';

describe('hostile corpus', () => {
  const corpus = hostileCorpus();

  it('has at least 500 payloads of every family, numbered 1.. without gaps', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(500);
    expect(corpus.map((p) => p.id)).toEqual(corpus.map((_p, i) => i + 1));
    expect(new Set(corpus.map((p) => p.family))).toEqual(new Set(['markup', 'url', 'unicode', 'overlong']));
    expect(new Set(corpus.map((p) => p.text)).size).toBe(corpus.length);
  });

  it('makes every script and element of a markup payload say which payload it is', () => {
    for (const p of corpus.filter((x) => x.family === 'markup' && /<[a-z]/i.test(x.text))) {
      const ran = p.text.includes(`__hostileRan(${p.id})`);
      const tagged = p.text.includes(`data-hostile="${p.id}"`) || p.text.includes(`data-hostile=${p.id}`) || p.text.includes(`/data-hostile="${p.id}"`);
      expect(ran || tagged, p.label).toBe(true);
    }
  });

  it('gives the URL family an address for the link and picture fields, and the others none', () => {
    for (const p of corpus) expect(p.url !== null, p.label).toBe(p.family === 'url');
  });
});
