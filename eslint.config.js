import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', 'data/**', 'test-output/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Nest modules and decorated controllers are classes with no members by design.
      '@typescript-eslint/no-extraneous-class': 'off',
      'no-console': 'off',
    },
  },
  { files: ['backend/**/*.ts', 'scripts/**/*.mjs', 'test/**/*.ts', '*.js'], languageOptions: { globals: globals.node } },
  { files: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx', 'test/**/*.ts'], languageOptions: { globals: { ...globals.jest, ...globals.node } } },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
);
