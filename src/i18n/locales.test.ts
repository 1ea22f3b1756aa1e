import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import zh_cn from './locales/zh_cn.json';
import tr_cn from './locales/tr_cn.json';
import en_us from './locales/en_us.json';
import ru_ru from './locales/ru_ru.json';
import zh_cn_interactions from './locales/interactions/zh_cn.json';
import tr_cn_interactions from './locales/interactions/tr_cn.json';
import en_us_interactions from './locales/interactions/en_us.json';
import ru_ru_interactions from './locales/interactions/ru_ru.json';

type Tree = { [key: string]: string | Tree };

// A language's texts: the main catalogue and the interactions namespace (catalogues.ts), which
// share one key space (the namespace falls back to the main catalogue).
const both = (main: Tree, interactions: Tree): Tree => {
  const clash = Object.keys(interactions).filter((k) => k in main);
  if (clash.length > 0) throw new Error(`sections in both catalogues: ${clash.join(', ')}`);
  return { ...main, ...interactions };
};
const locales: Record<string, Tree> = {
  zh_cn: both(zh_cn, zh_cn_interactions),
  tr_cn: both(tr_cn, tr_cn_interactions),
  en_us: both(en_us, en_us_interactions),
  ru_ru: both(ru_ru, ru_ru_interactions),
};

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix + k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key + '.')) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

const flat = Object.fromEntries(Object.entries(locales).map(([n, t]) => [n, flatten(t)]));
const allKeys = new Set(Object.values(flat).flatMap((m) => [...m.keys()]));

describe('locale files', () => {
  for (const [name, map] of Object.entries(flat)) {
    it(`${name} holds every key`, () => {
      const missing = [...allKeys].filter((k) => !map.has(k));
      expect(missing).toEqual([]);
    });

    it(`${name} has no empty string`, () => {
      const empty = [...map].filter(([, v]) => v.trim() === '').map(([k]) => k);
      expect(empty).toEqual([]);
    });

    it(`${name} uses the same placeholders as zh_cn`, () => {
      const differ = [...map]
        .filter(([k, v]) => flat.zh_cn?.has(k) && placeholders(v).join() !== placeholders(flat.zh_cn.get(k) ?? '').join())
        .map(([k]) => k);
      expect(differ).toEqual([]);
    });
  }

  it('every key used in the source exists', () => {
    // Keys passed literally to t(...), i18n.t(...) or problem(...) anywhere under src/.
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
          const text = fs.readFileSync(p, 'utf8');
          for (const m of text.matchAll(/\b(?:t|problem)\(\s*['"]([a-zA-Z][\w]*(?:\.[\w]+)+)['"]/g)) used.add(m[1]!);
        }
      }
    };
    walk(path.resolve(__dirname, '..'));
    const missing = [...used].filter((k) => !allKeys.has(k));
    expect(missing).toEqual([]);
  });
});
