/**
 * The build's react-router edit (scripts/pureRouterChunk.ts): on the installed react-router,
 * a bundle of the declarative router alone leaves out the components the app does not use
 * (the data router's forms and links), and keeps what it uses; without the edit it does not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Rollup } from 'vite';
import { editRouterChunk, pureRouterChunk } from '../../scripts/pureRouterChunk';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-router-chunk-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The bundle of an entry that uses what the app's router uses, unminified (names readable). */
async function bundle(edited: boolean): Promise<string> {
  fs.writeFileSync(path.join(root, 'entry.js'), "import { BrowserRouter, Routes, Route, useHref, useLinkClickHandler } from 'react-router-dom';\nconsole.log(BrowserRouter, Routes, Route, useHref, useLinkClickHandler);\n");
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: edited ? [pureRouterChunk()] : [],
    resolve: { alias: { 'react-router-dom': path.resolve('node_modules/react-router-dom') } },
    build: { write: false, minify: false, lib: { entry: path.join(root, 'entry.js'), formats: ['es'], fileName: 'out' }, rolldownOptions: { external: ['react', 'react-dom'] } },
  })) as Rollup.RolldownOutput[];
  return output[0]!.output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('\n');
}

describe('react-router chunk edit', () => {
  it('marks the top-level component and context calls pure and drops the name writes, nothing else', () => {
    const code = [
      'var Link = React10.forwardRef(function LinkWithRef() {});',
      'Link.displayName = "Link";',
      'var DataRouterContext = React.createContext(null);',
      'var ENABLE_DEV_WARNINGS = true;',
      'function f() {',
      '  var inner = React.forwardRef(g);',
      '  inner.displayName = "inner";',
      '}',
    ].join('\n');
    const edit = editRouterChunk(code, 'chunk.mjs');
    expect(edit?.pure).toBe(2);
    expect(edit?.namesDropped).toBe(1);
    expect(edit?.code).toContain('var Link = /* @__PURE__ */ React10.forwardRef(');
    expect(edit?.code).toContain('var DataRouterContext = /* @__PURE__ */ React.createContext(');
    expect(edit?.code).not.toContain('Link.displayName');
    expect(edit?.warningsOff).toBe(true);
    expect(edit?.code).toContain('var ENABLE_DEV_WARNINGS = false;');
    // Not at the top level: left as it is.
    expect(edit?.code).toContain('  var inner = React.forwardRef(g);\n  inner.displayName = "inner";');
    expect(editRouterChunk('export const x = 1;', 'other.mjs')).toBeNull();
  });

  it('lets the bundle leave out the router components the app does not use', async () => {
    const plain = await bundle(false);
    const edited = await bundle(true);
    // The control: without the edit the unused components stay (the edit is what removes them).
    for (const unused of ['NavLinkWithRef', 'function PrefetchPageLinksImpl', 'function useSubmit']) {
      expect(plain).toContain(unused);
      expect(edited).not.toContain(unused);
    }
    for (const used of ['function BrowserRouter', 'function Routes', 'function useHref', 'function useLinkClickHandler']) expect(edited).toContain(used);
    expect(edited.length).toBeLessThan(plain.length * 0.8);
    // The development build's warnings, off as in react-router's production build.
    expect(plain).toContain('You rendered descendant <Routes>');
    expect(edited).not.toContain('You rendered descendant <Routes>');
  }, 60_000);
});
