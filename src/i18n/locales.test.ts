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
import zh_cn_video from './locales/video/zh_cn.json';
import tr_cn_video from './locales/video/tr_cn.json';
import en_us_video from './locales/video/en_us.json';
import ru_ru_video from './locales/video/ru_ru.json';

type Tree = { [key: string]: string | Tree };

// A language's texts: the main catalogue and the interactions and video namespaces
// (catalogues.ts), which share one key space (the namespaces fall back to each other).
const all = (main: Tree, ...namespaces: Tree[]): Tree => {
  const merged: Tree = { ...main };
  for (const namespace of namespaces) {
    const clash = Object.keys(namespace).filter((k) => k in merged);
    if (clash.length > 0) throw new Error(`sections in two catalogues: ${clash.join(', ')}`);
    Object.assign(merged, namespace);
  }
  return merged;
};
const locales: Record<string, Tree> = {
  zh_cn: all(zh_cn, zh_cn_interactions, zh_cn_video),
  tr_cn: all(tr_cn, tr_cn_interactions, tr_cn_video),
  en_us: all(en_us, en_us_interactions, en_us_video),
  ru_ru: all(ru_ru, ru_ru_interactions, ru_ru_video),
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
