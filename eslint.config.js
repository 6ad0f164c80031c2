import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: ['node_modules/', '.next/', 'dist/', 'data/', 'scratch/', 'coverage/', 'app/(payload)/admin/importMap.js', 'migrations/*/[0-9]*.ts', 'next-env.d.ts', 'examples/*/.next/', 'examples/*/src/app/(payload)/admin/importMap.js', 'examples/*/src/migrations/[0-9]*.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', Buffer: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', Headers: 'readonly', Request: 'readonly', Response: 'readonly', ReadableStream: 'readonly', NodeJS: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-control-regex': 'off',
    },
  },
  {
    // Imports flow downward (ARCHITECTURE.md): the routes use these folders, never the other way round.
    files: ['lib/**', 'hooks/**', 'collections/**', 'access/**', 'fields/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/endpoints', '**/endpoints/**'], message: 'endpoints/ sits above this folder: move what both need down into lib/.' }] },
      ],
    },
  },
  {
    // Every /api answer carries the headers gathered by endpoints/http/responseHeaders.ts; Hono's own helpers would drop them.
    files: ['endpoints/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='c'][callee.property.name=/^(header|body|json|text|html|redirect|newResponse)$/]",
          message: 'Answer through endpoints/http/responseHeaders.ts (setHeader, respond, redirect) or the senders in envelope.ts.',
        },
      ],
    },
  },
)
