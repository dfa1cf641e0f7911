// The linter of `npm test` (`npm run lint`): ESLint's and typescript-eslint's recommended rules
// everywhere, the React hooks rules and jsx-a11y's recommended rules for the UI.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default defineConfig(
  { ignores: ['**/node_modules/**', 'ui/dist/**', 'build/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Two deliberate ways of leaving a value out: a destructuring that drops fields by taking
      // the rest (`const { id: _id, ...columns } = row`), and a parameter a port's signature
      // imposes but this implementation does not need, named with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
    },
  },
  {
    // The plain-JavaScript launcher runs on bare Node with no transpiler, so these files are
    // CommonJS (package.json has no "type": "module") and require() is their only import.
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['ui/src/**/*.{ts,tsx}', 'tests/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['ui/src/**/*.{ts,tsx}', 'tests/ui/**/*.{ts,tsx}'],
    ...reactHooks.configs['recommended-latest'],
  },
  {
    files: ['ui/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
);
