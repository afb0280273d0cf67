/**
 * ESLint (`npm run lint`, called by `make lint`): TypeScript's and React's hook rules, and the
 * direction of imports bulletproof-react keeps (its apps/react-vite/.eslintrc.cjs zones):
 *
 *   app -> features -> shared (components, lib, stores, i18n, payments)
 *
 * - a feature never imports another feature: what two features use is shared code (the API
 *   modules several call are in src/lib/api/, components in src/components/), or the app
 *   composes them (e.g. the category page is handed the app's not-found page);
 * - features never import app; shared code imports neither features nor app;
 * - paying is one shared module (src/payments) whose back-office parts (src/payments/admin) only
 *   the back office imports;
 * - the back office (src/features/admin) is fenced the same way inside: each of its folders is
 *   an area (orders, returns, payments, …) that imports only itself, the back office's shared
 *   parts (its components/, lib/, i18n.ts, locales/) and shared code; the shared parts import
 *   no area; AdminRoutes.tsx, the back office's app, composes the areas (and its tests, in
 *   admin/__tests__, drive them through it);
 * - src/testing, the test harness, may render the app (renderApp mounts its provider and
 *   routes) but never imports a feature itself; only tests import it, never the shop's code;
 * - tests (`__tests__/`, `*.test.tsx`) follow their folder's rules and may import src/testing:
 *   a feature's tests import their own feature, shared code and src/testing;
 * - no import cycles (`import/no-cycle`), lazy `import()`s included.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder of src/features is a feature, so a new one is fenced in without editing this file. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const ADMIN = './src/features/admin';
/** The back office's folders that are not areas: its shared parts, and its tests. */
const ADMIN_NOT_AREAS = ['components', 'lib', 'locales', '__tests__'];
/** Every other folder of the back office is an area, so a new one is fenced in too. */
const ADMIN_AREAS = readdirSync(new URL(ADMIN, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !ADMIN_NOT_AREAS.includes(entry.name))
  .map((entry) => entry.name);

/** Paying (src/payments) is shared: checkout, payment links and the back office all pay. */
const SHARED = ['./src/components', './src/lib', './src/stores', './src/i18n', './src/payments'];
const TESTS = ['src/**/__tests__/**', 'src/**/*.test.{ts,tsx}'];
const TESTING = ['src/testing/**'];

/** The zones every file of src/ keeps, tests and src/testing included. */
const DIRECTION = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both use to shared code (src/lib, src/components) or compose them in src/app.',
  })),
  ...ADMIN_AREAS.map((area) => ({
    target: `${ADMIN}/${area}`,
    from: ADMIN,
    except: [`./${area}`, './components', './lib', './i18n.ts', './locales'],
    message: 'A back-office area never imports another: move what both use to src/features/admin/lib or components (src/lib, src/components when the storefront uses it too), or compose them in AdminRoutes.tsx.',
  })),
  {
    target: [`${ADMIN}/components`, `${ADMIN}/lib`, `${ADMIN}/i18n.ts`],
    from: [...ADMIN_AREAS.map((area) => `${ADMIN}/${area}`), `${ADMIN}/AdminRoutes.tsx`],
    message: "The back office's shared parts (components, lib, i18n.ts) import no area: AdminRoutes.tsx composes them.",
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'Features never import the app: the app composes them (pass what a feature needs as props or context).',
  },
  {
    target: SHARED,
    from: ['./src/features', './src/app'],
    message: 'Shared code (components, lib, stores, i18n) imports only shared code.',
  },
  {
    target: './src/testing',
    from: './src/features',
    message: 'The test harness never imports a feature (it may render the whole app).',
  },
  {
    target: ['./src/app', ...FEATURES.filter((feature) => feature !== 'admin').map((feature) => `./src/features/${feature}`)],
    from: './src/payments/admin',
    message: "Paying's back-office parts (src/payments/admin) are the back office's alone, so shoppers never download them.",
  },
];

/** The zones of the shop's own code (not tests, not src/testing): never the test harness. */
const SHOP_CODE = [
  ...DIRECTION,
  {
    target: './src',
    from: './src/testing',
    message: 'Only tests import src/testing.',
  },
];

export default defineConfig(
  globalIgnores(['dist/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `const { image: _image, ...fields } = input` leaves a property out, as tsc's noUnusedLocals allows.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.{js,mjs,ts}'],
    ignores: ['src/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { typescript: { project: './tsconfig.app.json' } },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: SHOP_CODE }],
    },
  },
  {
    files: [...TESTS, ...TESTING],
    rules: {
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: DIRECTION }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A missing dependency is a stale value: `make lint` fails on it, not just warns.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
