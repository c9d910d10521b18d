import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import featureCycles from './eslint/feature-cycles.js';
import frenchTypography from './eslint/french-typography.js';
import frenchWording from './eslint/french-wording.js';
import { serverModuleOrder } from './eslint/module-order.js';

/** The folders directly below `dir` (features of the web side, modules of the server). */
function foldersOf(dir) {
  return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const webFeatures = foldersOf('./src/web/features/');

/**
 * Boundaries. A web feature is reached only through its `index.ts` and never reaches into
 * src/web/app (the app composes the features, not the other way round); what features share lives
 * in src/web/lib or src/web/components. A server module imports only the `index.ts` of the modules
 * below it in eslint/module-order.js, and never the list of all modules (src/server/modules/index.ts).
 * Import cycles are refused everywhere (import-x/no-cycle), and between web features as wholes
 * (ecoforma/feature-cycles, eslint/feature-cycles.js).
 */
/** The project's own rules (eslint/), declared once for the blocks below that turn them on. */
const ecoforma = { rules: { 'feature-cycles': featureCycles, 'french-typography': frenchTypography, 'french-wording': frenchWording } };

const boundaryZones = [
  ...webFeatures.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`, ...webFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: "Une fonctionnalité n'importe d'une autre que son index.ts ; ce qu'elles partagent va dans src/web/lib ou src/web/components.",
  })),
  {
    target: './src/web/features',
    from: './src/web/app',
    message: "Les fonctionnalités n'importent rien de src/web/app : chemins et règles d'accès sont dans src/web/lib.",
  },
  ...serverModuleOrder.map((module, position) => ({
    target: `./src/server/modules/${module}`,
    from: './src/server/modules',
    except: [`./${module}`, ...serverModuleOrder.slice(0, position).map((below) => `./${below}/index.ts`)],
    message:
      "Un module serveur n'importe que l'index.ts d'un module placé avant lui dans eslint/module-order.js ; l'infrastructure commune va dans src/server/lib.",
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.tmp', 'data', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-control-regex': 'off',
      // French text holds no-break spaces (U+00A0) on purpose: see eslint/french-typography.js.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }],
    },
  },
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Features stay a flat row: no feature leads back to itself through others' index.ts.
    files: ['src/web/features/**/*.{ts,tsx}'],
    plugins: { ecoforma },
    rules: { 'ecoforma/feature-cycles': 'error' },
  },
  {
    // Only config.ts reads the environment; scripts and test tooling set it up.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/config.ts', 'src/server/test/**'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Lisez la configuration (config.ts).' }] },
  },
  {
    // Visible text follows French typography; tests and their tooling compare texts as typed.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/server/test/**', 'src/web/test/**'],
    plugins: { ecoforma },
    rules: { 'ecoforma/french-typography': 'error' },
  },
  {
    // The screens' wording: "…", one spelling of e-mail, capitals on the first word only (issue 25).
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'src/web/test/**'],
    plugins: { ecoforma },
    rules: { 'ecoforma/french-wording': 'error' },
  },
);
