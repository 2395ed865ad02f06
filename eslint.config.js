// One lint setup for every package. Rules are `error` or off, never `warn` (STYLE.md §10).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'test-results-scaled/**',
      'test-reports/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Fastify plugins and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      'no-console': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
    rules: { ...tseslint.configs.disableTypeChecked.rules, 'no-console': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web must never reach into server code; shared shapes live in @kholo/contracts.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/server/**', '@kholo/server'], message: 'Use @kholo/contracts.' }] },
      ],
    },
  },
  {
    // ffmpeg reads whatever its arguments let it (ADR 016): only the one hardened module runs
    // programs, so every ffmpeg call gets its forced demuxer and whitelists.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/features/media/video-tools.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['node:child_process', 'child_process'].map((name) => ({
          name,
          message: 'Run ffmpeg through features/media/video-tools.ts; nothing else in the server starts programs.',
        })),
      ],
    },
  },
  {
    files: ['apps/server/src/server.ts', 'apps/server/src/migrate-cli.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
);
