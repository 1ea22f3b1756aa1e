/**
 * A Vite plugin that lets the bundler drop the parts of react-router the app does not use.
 *
 * react-router 7 ships its components in one large module whose top level calls
 * `React.forwardRef(...)` and `React.createContext(...)` without a pure annotation and then
 * writes `X.displayName = "X"`. To a bundler both are side effects, so every component and
 * context of the module stays in the bundle whether it is imported or not (the data
 * router's forms, links, prefetching, server components' error handling): the app, which
 * uses the declarative router only, carried 13.7 KB gzipped of it on the guide page
 * (issue 34 item 7), where BrowserRouter, Routes and Route alone need about half.
 *
 * This marks those top-level calls pure (they are: forwardRef and createContext only build
 * an object) and drops the top-level `displayName` writes (names for React's developer
 * tools, which a production build has no use for). Anything the app uses is kept as it
 * was; the rest can then be shaken out. It also turns the development build's warnings off
 * (`ENABLE_DEV_WARNINGS`, the only difference between react-router's development and
 * production folders, and the package's exports name only the first), so a viewer's console
 * gets no developer warnings and the bundle no warning texts. Only react-router's own
 * chunks are touched, and the source map follows the edits (magic-string).
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const ROUTER_CHUNK = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](?:development|production)[\\/][\w-]+\.mjs$/;
/** `var X = React3.forwardRef(` at the start of a line: a top-level declaration. */
const PURE_CALL = /^(?:var|const|let) [\w$]+ = (?=React\d*\.(?:forwardRef|createContext|memo)\()/gm;
/** `X.displayName = "X";` alone on a line at the top level. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
const DEV_WARNINGS_ON = /^var ENABLE_DEV_WARNINGS = true;$/m;

export interface RouterChunkEdit {
  readonly code: string;
  readonly map: ReturnType<MagicString['generateMap']>;
  /** How many calls were marked pure, how many name writes dropped; whether the warnings were turned off. */
  readonly pure: number;
  readonly namesDropped: number;
  readonly warningsOff: boolean;
}

/** The edit of one react-router chunk, or null when it has nothing to edit. */
export function editRouterChunk(code: string, id: string): RouterChunkEdit | null {
  const edited = new MagicString(code);
  let pure = 0;
  let namesDropped = 0;
  for (const match of code.matchAll(PURE_CALL)) {
    edited.appendLeft(match.index + match[0].length, '/* @__PURE__ */ ');
    pure++;
  }
  for (const match of code.matchAll(DISPLAY_NAME)) {
    edited.remove(match.index, match.index + match[0].length);
    namesDropped++;
  }
  const warnings = DEV_WARNINGS_ON.exec(code);
  if (warnings !== null) edited.overwrite(warnings.index, warnings.index + warnings[0].length, 'var ENABLE_DEV_WARNINGS = false;');
  if (pure === 0 && namesDropped === 0 && warnings === null) return null;
  return { code: edited.toString(), map: edited.generateMap({ source: id, hires: 'boundary', includeContent: true }), pure, namesDropped, warningsOff: warnings !== null };
}

export function pureRouterChunk(): Plugin {
  return {
    name: 'webcast-pure-router-chunk',
    apply: 'build',
    transform: {
      filter: { id: ROUTER_CHUNK },
      handler(code, id) {
        if (!ROUTER_CHUNK.test(id)) return null;
        const edit = editRouterChunk(code, id);
        return edit === null ? null : { code: edit.code, map: edit.map };
      },
    },
  };
}
