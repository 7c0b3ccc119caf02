import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** API paths live in the contract's endpoint tables only (packages/contract/src/api). */
const apiPathMessage = "An API path is written only in the contract's endpoint tables: use pathOf/urlOf/callApi.";
const apiPathLiterals = [
  { selector: String.raw`Literal[value=/(^|[^.\w])\/(api\/v1|userdata)(\/|$)/]`, message: apiPathMessage },
  { selector: String.raw`TemplateElement[value.raw=/(^|[^.\w])\/(api\/v1|userdata)(\/|$)/]`, message: apiPathMessage },
];

/** A sendCompiled statement answers nothing: its call stands alone as `await sendCompiled(...)`. */
const sendCompiledMessage =
  'sendCompiled answers nothing (PostgreSQL holds it back): write `await sendCompiled(...);` as a statement of its own, or use runCompiled to read an answer.';
const sendCompiledUse = [
  { selector: ":not(AwaitExpression) > CallExpression[callee.name='sendCompiled']", message: sendCompiledMessage },
  {
    selector: ":not(ExpressionStatement) > AwaitExpression > CallExpression[callee.name='sendCompiled']",
    message: sendCompiledMessage,
  },
];

/** A feature's repository and routes are its own: others call its services (or db/, http/ helpers). */
const featureInternalsFromFeature = {
  regex: String.raw`^\.\./[^./][^/]*/[^/]+\.(repository|routes)(\.js)?$`,
  message: "A feature never imports another feature's repository or routes: call its service.",
};
const featureInternalsFromOutside = {
  regex: String.raw`features/[^/]+/[^/]+\.(repository|routes)(\.js)?$`,
  message:
    'Outside a feature, import its services, not its repository or routes (features/routes.ts wires the routes).',
};
const webFromServer = { regex: String.raw`^@wms/web|(\.\./)+web/`, message: 'The server never imports the web.' };
const serverFromWeb = { regex: String.raw`^@wms/server|(\.\./)+server/`, message: 'The web never imports the server.' };

/**
 * A comment names the rule it relies on, not a section of the specification, which lives outside
 * the repository ("spec 02 section 7" tells a reader nothing).
 */
const house = {
  rules: {
    'no-spec-references': {
      meta: {
        type: 'suggestion',
        schema: [],
        messages: { reference: 'Write the rule itself here, not a reference to the specification ("spec NN").' },
      },
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              if (/\bspecs? \d{2}\b/i.test(comment.value)) context.report({ loc: comment.loc, messageId: 'reference' });
            }
          },
        };
      },
    },
  },
};

/** The web's layers, bottom up: platform, components, handheld, then shell and apps. */
const webLayers = [
  {
    files: ['packages/web/src/platform/**/*.{ts,tsx}'],
    below: ['components', 'handheld', 'shell', 'apps'],
    message: 'platform/ is the bottom layer: it imports no other layer (let the shell pass things in).',
  },
  {
    files: ['packages/web/src/components/**/*.{ts,tsx}'],
    below: ['handheld', 'shell', 'apps'],
    message: 'components/ sit on platform/ only: never on handheld/, shell/ or apps/.',
  },
  {
    files: ['packages/web/src/handheld/**/*.{ts,tsx}'],
    below: ['shell', 'apps'],
    message: 'handheld/ sits on components/ and platform/: never on shell/ or apps/.',
  },
];
const webApps = fs
  .readdirSync(path.join(import.meta.dirname, 'packages/web/src/apps'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/results/**', 'packages/web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './packages/web/tsconfig.json', './e2e/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // Fastify hooks and handlers are async by convention, with or without an await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Import fences and wire rules (issue 15; docs/decisions/0166-guard-rails.md). Each block's
  // rules are built whole by the helpers above, since a later block's rule replaces an earlier one.
  {
    files: ['packages/server/src/features/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [featureInternalsFromFeature, webFromServer] }],
      'no-restricted-syntax': ['error', ...sendCompiledUse, ...apiPathLiterals],
    },
  },
  {
    files: ['packages/server/src/**/*.ts', 'packages/server/test/**/*.ts'],
    ignores: ['packages/server/src/features/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [featureInternalsFromOutside, webFromServer] }],
      'no-restricted-syntax': ['error', ...sendCompiledUse, ...apiPathLiterals],
    },
  },
  {
    // Server tests pin the spec's wire from the outside: they keep their literal paths, and may
    // read a feature's internals.
    files: ['packages/server/**/*.test.ts', 'packages/server/**/*.test-helper.ts', 'packages/server/test/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webFromServer] }],
      'no-restricted-syntax': ['error', ...sendCompiledUse],
    },
  },
  ...webLayers.map(({ files, below, message }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: String.raw`^(\.\./)+(${below.join('|')})(/|$)`, message }, serverFromWeb] },
      ],
      'no-restricted-syntax': ['error', ...apiPathLiterals],
    },
  })),
  ...webApps.map((app) => ({
    files: [`packages/web/src/apps/${app}/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\.\./(?!${app}/)[^./][^/]*/`,
              message:
                "An app never imports another app's internals: move what they share down to components/ or platform/.",
            },
            serverFromWeb,
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...apiPathLiterals],
    },
  })),
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...apiPathLiterals] },
  },
  {
    files: ['packages/**/*.{ts,tsx,mjs}', 'e2e/**/*.ts', 'bench/**/*.mjs'],
    plugins: { house },
    rules: { 'house/no-spec-references': 'error' },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // House rule sizes: a component over 250 lines, a route file over 300,
    // anything else over 400 is split. Data and declaration files are exempt.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'packages/server/src/db/schema.ts',
      'packages/server/src/db/seed/demo-master-data.ts',
      'packages/contract/src/apps.ts',
    ],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['packages/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['packages/server/src/**/*.routes.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ['**/*.test.ts', 'packages/server/test/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Plain Node scripts (bench runs them without a build step).
    files: ['bench/**/*.mjs', 'scripts/**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', fetch: 'readonly', setTimeout: 'readonly', URL: 'readonly' },
    },
  },
  prettier,
);
