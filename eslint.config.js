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
            { regex: '^@affix/(?!core/kernel$|admin-ui/plugin-api$)[^/]+/(?!contracts$|admin$).+', message: "Import another plugin's contracts only." },
            { group: ['../../../*'], message: 'A plugin may not reach outside its own folder.' },
          ],
        },
      ],
    },
  }
)
