// Lint rules: typescript-eslint recommended, React hooks, and the layer rules of STYLE.md
// (shared/ never imports from server/ or web/; web/ never imports server/; web features never
// import each other's insides; web/lib and web/components never import features or app).
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

// Web feature zones (bulletproof-react's idea): every folder under web/features is a feature, read
// here so a new feature is covered without editing this file. A feature may import its own files,
// and from another feature only that feature's index.ts, the list of what it offers others. Code
// several features need goes to web/components (UI) or web/lib (logic) instead. web/app composes
// the features and may import any of their files (the router's lazy pages, the store's reducers).
const features = fs
  .readdirSync(new URL('./web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `./web/features/${name}`,
  from: './web/features',
  except: [`./${name}`, ...features.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
  message: 'A feature imports another feature only through its index.ts; move code several features share to web/components or web/lib (docs/architecture.md, Web features).',
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.cache/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'web/ must not import server code.' }] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: ['./web/lib', './web/components'],
              from: ['./web/features', './web/app'],
              message: 'web/lib and web/components are shared by every feature and import no feature or app code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every browser test opens its pages through openPage(), which installs the console guard.
    files: ['tests/e2e/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name=/^(newContext|newPage)$/]", message: 'Open pages with openPage() from tests/e2e/support/browser.ts: it installs the console guard.' },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**'], message: 'shared/ imports nothing from server/ or web/.' }] }],
    },
  },
);
