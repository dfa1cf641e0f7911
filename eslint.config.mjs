// The linter of `npm test` (`npm run lint`): ESLint's and typescript-eslint's recommended rules
// everywhere, the React hooks rules and jsx-a11y's recommended rules for the UI, and no text in the
// UI's markup outside its catalogues (issue 20: every string a shopper sees is translated).
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';

/** The attributes a person reads or hears: their text is translated like the page's own. */
const READ_ATTRIBUTES = '/^(aria-label|aria-description|aria-valuetext|aria-roledescription|title|alt|placeholder|label)$/';

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
  {
    // Text between tags, and the attributes a person reads or hears, come from the catalogues
    // (ui/src/i18n/locales): a literal there would show English on an Arabic page.
    files: ['ui/src/**/*.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
      'no-restricted-syntax': [
        'error',
        {
          // Words written straight into the attribute (alt="" of a decorative image has none).
          selector: [
            `JSXAttribute[name.name=${READ_ATTRIBUTES}] > Literal[value=/[A-Za-z]/]`,
            `JSXAttribute[name.name=${READ_ATTRIBUTES}] > JSXExpressionContainer > Literal[value=/[A-Za-z]/]`,
            `JSXAttribute[name.name=${READ_ATTRIBUTES}] > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]/]`,
          ].join(', '),
          message: "A text people read or hear comes from the catalogues: t('…')",
        },
      ],
    },
  },
);
