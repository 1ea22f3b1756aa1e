// Flat config. Besides the usual TypeScript and hooks rules it enforces the layering of
// docs/architecture.md: pure layers (src/domain, src/realtime) import no React and touch no
// DOM; features never import each other; lower layers never import upper ones.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const featureDirs = fs.existsSync('src/features')
  ? fs
      .readdirSync('src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// One zone per feature: it may import anything but another feature.
const featureZones = featureDirs.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'Features do not import each other; move what they share down a layer.',
}));

const layerZones = [
  {
    target: './src/domain',
    from: './src',
    except: ['./domain'],
    message: 'src/domain is the bottom layer: it imports nothing else from src.',
  },
  {
    target: './src/protocol',
    from: './src',
    except: ['./protocol', './domain'],
    message: 'src/protocol (what client and server share) may import only src/domain.',
  },
  {
    target: './src/realtime',
    from: './src',
    except: ['./realtime', './protocol', './domain'],
    message: 'src/realtime may import only src/protocol and src/domain.',
  },
  {
    target: './src/workers',
    from: './src',
    except: ['./workers', './realtime', './protocol', './domain'],
    message: 'src/workers may import only src/realtime, src/protocol and src/domain.',
  },
  {
    target: './src/diagnostics',
    from: './src',
    except: ['./diagnostics', './realtime', './protocol', './domain'],
    message: 'src/diagnostics (the probes benchmarks and the chaos suite turn on) may import only src/realtime, src/protocol and src/domain.',
  },
  {
    target: './src/api',
    from: ['./src/features', './src/app', './src/ui', './src/state'],
    message: 'src/api sits below state, ui, features and app.',
  },
  {
    target: './src/ui',
    from: ['./src/features', './src/app'],
    message: 'src/ui is shared presentation: it imports no feature and no app code.',
  },
  {
    target: './src/state',
    from: ['./src/features', './src/app', './src/ui'],
    message: 'src/state sits below features, ui and app.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import the app shell.',
  },
];

// The reference server shares only the contract (src/protocol: frames, thinning, the call
// tables, the push codes) and the pure rules (src/domain) with the client.
const serverZones = [
  {
    target: './server',
    from: './src',
    except: ['./domain', './protocol'],
    message: 'The server may import only src/domain and src/protocol.',
  },
];

const domGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'alert', 'HTMLElement'];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-e2e-*/**', '.e2e-data*/**', 'node_modules/**', 'test-results/**', 'test-results-*/**', 'playwright-report/**', 'data/**', 'public/**', 'reports/**', 'server/media/assets/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones, ...serverZones] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'User content is rendered through React text nodes only.',
        },
        {
          selector: "AssignmentExpression > MemberExpression[property.name=/^(innerHTML|outerHTML)$/]",
          message: 'User content is rendered through React text nodes only.',
        },
      ],
    },
  },
  {
    // Money paths (issue 14 item 1): amounts are decimal strings and decimal.js values, never
    // binary floats. Counts are whole numbers (parseInt); nothing here turns an amount into a
    // float, and a rule, not a reviewer, says so.
    files: [
      'src/domain/money.ts',
      'src/domain/giftOrder.ts',
      'src/domain/payment.ts',
      'src/domain/payIntents.ts',
      'src/domain/giftBanners.ts',
      'src/domain/goods.ts',
      'src/domain/redPacket.ts',
      'src/features/goods/**/*.{ts,tsx}',
      'src/features/redpacket/**/*.{ts,tsx}',
      'src/features/delaycharge/**/*.{ts,tsx}',
      'src/domain/delayCharge.ts',
      'server/live/delayRoutes.ts',
      'src/features/gifts/**/*.{ts,tsx}',
      'src/ui/useMoneyCall.ts',
      'src/state/payIntentsStore.ts',
      'server/http/idempotency.ts',
      'server/interact/shared/money.ts',
      'server/interact/shared/ledger.ts',
      'server/interact/rewards/**/*.ts',
      'server/interact/redPacket/**/*.ts',
      'server/interact/goods/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-globals': ['error', { name: 'parseFloat', message: 'Money is never a binary float: use src/domain/money (decimal.js).' }],
      'no-restricted-properties': [
        'error',
        { object: 'Number', property: 'parseFloat', message: 'Money is never a binary float: use src/domain/money (decimal.js).' },
        ...['round', 'floor', 'ceil', 'trunc'].map((property) => ({ object: 'Math', property, message: 'Round money with decimal.js half-up (src/domain/money), never Math.' })),
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.type='Identifier'][callee.name='Number']", message: 'Money is never a binary float: Number() reads a float; counts use Number.parseInt.' },
        { selector: "UnaryExpression[operator='+']", message: 'Money is never a binary float: unary + reads a float.' },
        { selector: "CallExpression[callee.property.name='toNumber']", message: 'A decimal.js amount stays a decimal: toNumber() makes a float.' },
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'User content is rendered through React text nodes only.' },
        { selector: "AssignmentExpression > MemberExpression[property.name=/^(innerHTML|outerHTML)$/]", message: 'User content is rendered through React text nodes only.' },
      ],
    },
  },
  {
    // The store is asynchronous (issue 40): a query not awaited runs outside its transaction
    // and its failure reaches nobody. TypeScript does not flag a statement-level call whose
    // promise is dropped, or a promise read as a condition; these rules do.
    files: ['server/**/*.ts'],
    ignores: ['server/media/assets/**'],
    languageOptions: { parserOptions: { project: './tsconfig.server.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    files: ['src/domain/**/*.ts', 'src/protocol/**/*.ts', 'src/realtime/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react-dom/*', 'react-*', 'valtio', 'valtio/*', 'i18next', 'comlink'], message: 'Pure layers import no UI, state or bridge library.' },
            { group: ['node:*', 'fs', 'path', 'http', 'https', 'crypto', 'buffer'], message: 'Pure layers import no Node built-in.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...domGlobals.map((name) => ({ name, message: 'Pure layers touch no DOM.' }))],
    },
  },
);
