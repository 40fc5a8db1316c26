// ESLint flat config for the whole monorepo. Plugin isolation (ARCHITECTURE §2) is also
// enforced here: a plugin may import `@affix/core/kernel` and other plugins' `contracts`.
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      'sdk/src/generated/**',
      'core/database/schema.ts',
      'data/**',
      'openapi/openapi.json',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    files: ['plugins/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#*'], message: 'Plugins import core through @affix/core/kernel only.' },
            { regex: '^@affix/core/(?!kernel$)', message: 'Plugins import core through @affix/core/kernel only.' },
            {
              regex: '^@affix/(?!core/kernel$|admin-ui/plugin-api$)[^/]+/(?!contracts$).+',
              message: "Import another plugin's contracts only.",
            },
            { group: ['../../../*'], message: 'A plugin may not reach outside its own folder.' },
          ],
        },
      ],
    },
  },
  {
    // A plugin's own tests may also use core's test helpers (`@affix/core/testing`).
    files: ['plugins/*/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#*'], message: 'Plugin tests import core through @affix/core/kernel and @affix/core/testing.' },
            {
              regex: '^@affix/core/(?!kernel$|testing$)',
              message: 'Plugin tests import core through @affix/core/kernel and @affix/core/testing.',
            },
            {
              regex: '^@affix/(?!core/kernel$|core/testing$|admin-ui/plugin-api$)[^/]+/(?!contracts$).+',
              message: "Import another plugin's contracts only.",
            },
            { group: ['../../../*'], message: 'A plugin may not reach outside its own folder.' },
          ],
        },
      ],
    },
  },
  {
    // A plugin's tests may also use core's test helpers (@affix/core/testing).
    files: ['plugins/*/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#*'], message: 'Plugins import core through @affix/core/kernel only.' },
            {
              regex: '^@affix/core/(?!kernel$|testing$)',
              message: 'Plugin tests import core through @affix/core/kernel and @affix/core/testing only.',
            },
            {
              regex: '^@affix/(?!core/kernel$|core/testing$|admin-ui/plugin-api$)[^/]+/(?!contracts$|admin$).+',
              message: "Import another plugin's contracts only.",
            },
            { group: ['../../../*'], message: 'A plugin may not reach outside its own folder.' },
          ],
        },
      ],
    },
  },
  {
    // A plugin's tests may use core's test helpers (@affix/core/testing) besides the kernel.
    files: ['plugins/*/tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#*'], message: 'Plugins import core through @affix/core/kernel only.' },
            {
              regex: '^@affix/core/(?!kernel$|testing$)',
              message: 'Plugin tests import core through @affix/core/kernel and @affix/core/testing only.',
            },
            {
              regex: '^@affix/(?!core/kernel$|core/testing$|admin-ui/plugin-api$)[^/]+/(?!contracts$|admin$).+',
              message: "Import another plugin's contracts only.",
            },
            { group: ['../../../*'], message: 'A plugin may not reach outside its own folder.' },
          ],
        },
      ],
    },
  },
  {
    // A plugin's tests also use core's test helpers (fixtures, SMTP server): @affix/core/testing.
    files: ['plugins/*/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#*'], message: 'Plugin tests import core through @affix/core/kernel or /testing only.' },
            {
              regex: '^@affix/core/(?!kernel$|testing$)',
              message: 'Plugin tests import core through @affix/core/kernel or /testing only.',
            },
            {
              regex: '^@affix/(?!core/kernel$|core/testing$)[^/]+/(?!contracts$).+',
              message: "Import another plugin's contracts only.",
            },
            { group: ['../../../*'], message: 'A plugin may not reach outside its own folder.' },
          ],
        },
      ],
    },
  }
)
