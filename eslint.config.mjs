// ESLint over the whole tree: typescript-eslint's type-aware recommended rules for the
// TypeScript (services, gateway, tests), ESLint's recommended rules for the JavaScript
// (scripts, benches, configs). Formatting is Prettier's (.prettierrc.json), not ESLint's.
// `npm run lint` runs both.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', 'coverage/', '.data/', 'bench/results/', 'test/artifacts/', 'services/common/src/generated/', 'test/openapi-client/generated/', 'web/src/api/generated/'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.ts', 'web/**/*.tsx'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // One program for the whole tree: the root tsconfig.json holds every source and test
        // (the workspaces' own tsconfigs leave the tests out); test/openapi-client has its own.
        project: ['./tsconfig.json', './test/openapi-client/tsconfig.json', './web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Underscore-named parameters and elements are unused on purpose (an interface's signature,
      // a skipped tuple slot); `const { id, ...rest } = x` is how the code drops a property.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Handlers, stores and fakes are `async` to fit a Promise-returning interface, and so that a
      // throw becomes a rejection; an `await` in each would add nothing.
      '@typescript-eslint/require-await': 'off',
      // Passing a caught error (typed `unknown`) on to a promise's reject is fine.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // Likewise a caught error (unknown) thrown again as it is.
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    // Tests read JSON replies as `Record<string, any>` on purpose: the assertions check their
    // shape, and typing every reply would restate the API's schemas (which tests check elsewhere).
    files: ['test/**/*.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The web client runs in the browser, with React's rules of hooks.
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Prettier writes every semicolon, so the ASI hazard this rule looks for cannot arise, and it
    // would flag Prettier's own layout of a computed call on a new line (`x\n  [name]()`).
    rules: { 'no-unexpected-multiline': 'off' },
  },
);
