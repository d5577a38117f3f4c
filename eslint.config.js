// Lint rules: typescript-eslint recommended, React hooks, and the layer rules of STYLE.md
// (shared/ never imports from server/ or web/, and shared/constants and shared/lib import no TypeBox;
// web/ never imports server/; web features never import each other's insides; web/lib and
// web/components never import features or app; server areas never import each other's insides).
import fs from 'node:fs';
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

// Server areas (decisions 097, 098 and 143): every folder under server/plugins/app is an area, read from the
// folders, so a new area (booking, conversations ...) is covered without editing this file. An area's routes
// live in its routes/ folder (decision 145) and import their own area's files; a file outside an area (another
// area or its routes, app.ts, the seed) imports from it only its index.ts (`.../<area>` or `.../<area>/index`);
// a plugin area's index.ts decorates `fastify.<area>` and re-exports what others may name (types, messages,
// its routes plugin for app.ts). Tests are exempt: they arrange state through an area's insides.
const serverDir = path.resolve(import.meta.dirname, 'server');
const areasDir = path.join(serverDir, 'plugins', 'app');
const SERVER_AREAS = new Set(
  fs
    .readdirSync(areasDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
);
// The imports of another area's insides that the tree had when this rule came (decision 143 lists them):
// '<area>/<module>': the areas (or, outside the areas, the files relative to server/) that may import it.
// Issue 35's step 1 moves each behind its area's index.ts and deletes its line here; add none.
const ALLOWED_INSIDE_IMPORTS = {
  'articles/article-html': ['db/seed/demo.ts'],
  'articles/article-repository': ['seo'],
  'audit/audit-log': ['account-data', 'admin', 'articles', 'backups', 'claims', 'practice-import', 'profiles', 'reviews'],
  'auth/authenticate': ['app.ts'],
  'auth/authorize': ['app.ts'],
  'auth/tokens': ['accounts', 'claims', 'profiles', 'reliability/processes.ts'],
  'doctors/doctor-page': ['seo'],
  'limits/counters': ['accounts', 'app.ts', 'claims', 'payments', 'plan-features', 'seo', 'uploads'],
  'listing/changes': [
    'account-data',
    'admin',
    'appointments',
    'articles',
    'claims',
    'payments',
    'plan-features',
    'practice-import',
    'profiles',
    'reliability/processes.ts',
    'reviews',
  ],
  'listing/doctor-search': ['appointments', 'doctors', 'plan-features', 'seo'],
  'listing/listing-rule': ['admin', 'auth', 'dashboard', 'payments', 'plan-features', 'reviews', 'seo', 'users'],
  'mail/mailer': ['account-data', 'accounts', 'appointments', 'profiles', 'reviews'],
  'mail/templates': ['account-data', 'accounts', 'appointments', 'claims', 'plan-features', 'profiles', 'reviews'],
  'payments/plans-answer': ['seo'],
  'plan-features/photos': ['doctors'],
  'plan-features/plan-access': ['doctors'],
  'practice-import/import-run': ['db/seed/demo-practices.ts'],
  'profiles/contact-address': ['appointments', 'plan-features'],
  'seo/html': ['plugins/external/web-app.ts'],
  'seo/page-answer': ['plugins/external/web-app.ts'],
  'seo/page-renderer': ['plugins/external/web-app.ts'],
  'seo/route-assets': ['plugins/external/web-app.ts'],
  'uploads/images': ['account-data', 'db/seed/demo-avatars.ts', 'plan-features', 'users'],
};
function areaProblem(file, target) {
  const [targetArea, ...rest] = path.relative(areasDir, target).split(path.sep);
  if (targetArea === '..' || !SERVER_AREAS.has(targetArea)) return undefined;
  const [fileArea] = path.relative(areasDir, file).split(path.sep);
  if (fileArea === targetArea) return undefined;
  if (rest.length === 0 || (rest.length === 1 && /^index(\.[cm]?[jt]sx?)?$/.test(rest[0]))) return undefined;
  const importer = SERVER_AREAS.has(fileArea) ? fileArea : path.relative(serverDir, file).split(path.sep).join('/');
  const allowed = ALLOWED_INSIDE_IMPORTS[`${targetArea}/${rest.join('/').replace(/\.[cm]?[jt]sx?$/, '')}`];
  return allowed?.includes(importer) ? undefined : targetArea;
}
const serverRules = {
  rules: {
    'area-boundaries': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          area: "Import plugins/app/{{area}} through its index.ts (or use fastify.{{area}}), never the area's other files (docs/architecture.md, Areas; decision 143).",
        },
      },
      create(context) {
        const check = (source) => {
          if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const area = areaProblem(context.filename, path.resolve(path.dirname(context.filename), source.value));
          if (area) context.report({ node: source, messageId: 'area', data: { area } });
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
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    plugins: { server: serverRules },
    rules: { 'server/area-boundaries': 'error' },
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
