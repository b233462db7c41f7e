// ESLint for the SPA (`npm run lint`, part of `make lint`). Type errors are tsc's job
// (`npm run typecheck`); this catches what the compiler cannot: the rules of hooks, effect
// dependencies, and layout rules of frontend/README.md (no cross-feature imports, `@/` paths).
import fs from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = path.join(import.meta.dirname, 'src', 'features');
const features = fs
  .readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Inside src/, imports go through `@/…`: a `../` path breaks when a file moves and hides which layer
// it reaches into. (Specs and configs outside src/ may reach into it relatively.)
const noParentPaths = {
  group: ['../*', '../**'],
  message: 'Import through `@/…` instead of a parent-relative path.',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The plugin's full set (the classic two plus the React Compiler's checks), every one an error,
      // with one exception below.
      ...Object.fromEntries(
        Object.keys(reactHooks.configs['recommended-latest'].rules).map((rule) => [rule, 'error']),
      ),
      // Warns, not fails: four effects reset local state when their inputs change (onboarding-gate,
      // admin-handoff, use-tour-target, use-typewriter). Moving that into render or a `key` is a
      // behaviour change for the owners of those components; until then the warnings stay visible.
      'react-hooks/set-state-in-effect': 'warn',
      // An unused binding is an error, except the `_`-prefixed ones kept to show a position.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noParentPaths] }] },
  },
  // A feature never imports another feature: shared code moves to components/ or lib/.
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noParentPaths,
            {
              group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
              message: `A feature imports no other feature (frontend/README.md); move what ${feature} shares to components/ or lib/.`,
            },
            {
              group: ['@/app-web', '@/app-web/**', '@/app-admin', '@/app-admin/**'],
              message: 'Features do not import the app entries; the entries import features.',
            },
          ],
        },
      ],
    },
  })),
  // Node-side files: configs, build scripts and Playwright specs.
  {
    files: ['*.config.{js,mjs,ts,mts}', 'eslint.config.mjs', 'scripts/**/*.{js,mjs}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['webpack.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
