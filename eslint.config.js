// Lint rules: typescript-eslint recommended, React hooks, and the layer rules of STYLE.md
// (shared/ never imports from server/ or web/, and shared/constants and shared/lib import no TypeBox;
// web/ never imports server/; web features never import each other's insides; web/lib and
// web/components never import features or app).
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Web layer zones (bulletproof-react's import/no-restricted-paths idea), as a small local rule
// because the import plugins need a native resolver whose packages our registry does not all serve
// (npm ci then fails). Every folder under web/features is a feature, so a new feature (payment,
// profile, admin ...) is covered without editing this file:
// - a feature imports its own files, and from another feature only that feature's index.ts
//   (`../../<other>` or `../../<other>/index`); code several features share goes to
//   web/components (UI) or web/lib (logic) instead;
// - web/lib and web/components import nothing from web/features or web/app;
// - web/app composes the features and may import any of their files (lazy pages, reducers).
const webDir = path.resolve(import.meta.dirname, 'web');
function boundaryProblem(file, target) {
  const [fileTop, fileFeature] = path.relative(webDir, file).split(path.sep);
  const [targetTop, targetFeature, ...rest] = path.relative(webDir, target).split(path.sep);
  if (fileTop === 'features' && targetTop === 'features' && targetFeature !== fileFeature) {
    const throughIndex = rest.length === 0 || (rest.length === 1 && /^index(\.tsx?)?$/.test(rest[0]));
    return throughIndex ? undefined : 'feature';
  }
  if ((fileTop === 'lib' || fileTop === 'components') && (targetTop === 'features' || targetTop === 'app')) return 'shared';
  return undefined;
}
const layerRules = {
  rules: {
    'web-boundaries': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          feature:
            'A feature imports another feature only through its index.ts; move code several features share to web/components or web/lib (docs/architecture.md, Web features).',
          shared: 'web/lib and web/components are shared by every feature and import no feature or app code.',
        },
      },
      create(context) {
        const check = (source) => {
          if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const problem = boundaryProblem(context.filename, path.resolve(path.dirname(context.filename), source.value));
          if (problem) context.report({ node: source, messageId: problem });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source.type === 'Literal' ? node.source : undefined),
        };
      },
    },
  },
};

// Server areas (decision records 097 and 098): an area under server/plugins/app that is a plugin decorates
// `fastify.<area>`; a route (server/routes/**) uses that decoration, and imports from the area only
// its index.ts (types, messages it quotes). Add an area here when it becomes a plugin.
const serverDir = path.resolve(import.meta.dirname, 'server');
const PLUGIN_AREAS = new Set([
  'accounts',
  'profiles',
  'admin',
  'audit',
  'articles',
  'plan-features',
  'payments',
  'mail',
  'uploads',
  'reviews',
  'appointments',
  'favorites',
]);
const routeRules = {
  rules: {
    'route-boundaries': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          area: "A route uses fastify.{{area}} or imports plugins/app/{{area}}/index.ts, never the area's other files (docs/architecture.md, How a request flows).",
        },
      },
      create(context) {
        const check = (source) => {
          if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const target = path.relative(serverDir, path.resolve(path.dirname(context.filename), source.value)).split(path.sep);
          if (target[0] !== 'plugins' || target[1] !== 'app' || !PLUGIN_AREAS.has(target[2])) return;
          const rest = target.slice(3);
          if (rest.length === 0 || (rest.length === 1 && /^index(\.ts)?$/.test(rest[0]))) return;
          context.report({ node: source, messageId: 'area', data: { area: target[2] } });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source.type === 'Literal' ? node.source : undefined),
        };
      },
    },
  },
};

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
    plugins: { layers: layerRules },
    rules: { 'layers/web-boundaries': 'error' },
  },
  {
    // Every browser test opens its pages through openPage(), which installs the console guard.
    files: ['tests/e2e/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(newContext|newPage)$/]',
          message: 'Open pages with openPage() from tests/e2e/support/browser.ts: it installs the console guard.',
        },
      ],
    },
  },
  {
    files: ['server/routes/**/*.ts'],
    ignores: ['server/routes/**/*.test.ts'],
    plugins: { server: routeRules },
    rules: { 'server/route-boundaries': 'error' },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**'], message: 'shared/ imports nothing from server/ or web/.' }] }],
    },
  },
  {
    // shared/constants and shared/lib are what the web pages import as values: they stay free of TypeBox, so
    // a page that checks a field or names a day does not download the schema builder (docs/architecture.md,
    // Shared code). Types from shared/schemas are fine: they vanish at build.
    files: ['shared/constants/**/*.ts', 'shared/lib/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@sinclair/typebox', '@sinclair/typebox/*', '**/schemas/**'],
              allowTypeImports: true,
              message: 'shared/constants and shared/lib import no TypeBox and no schema values; put schemas in shared/schemas.',
            },
          ],
        },
      ],
    },
  },
);
