// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/boundaries.js';

/** Import boundaries of DESIGN §3: dependencies point one way. */
const boundary = (regex, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
});
/** A relative import reaching into one of our top-level folders, e.g. '../../server/db'. */
const into = (...dirs) => `^\\.{1,2}/(?:.*/)?(?:${dirs.join('|')})(?:/|$)`;

export default tseslint.config(
  { ignores: ['build/**', 'data/**', 'node_modules/**', '.react-router/**', 'src/server/db/migrations/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/layers': 'error' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: boundary(
      `${into('server', 'web')}|^node:|^(fastify|drizzle-orm|react|react-router)(/|$)`,
      'src/shared is browser- and server-safe and imports nothing else from src.',
    ),
  },
);
