import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

const skipBrowserTests = process.env.SKIP_BROWSER_TESTS === '1'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/unit/setup.ts'],
            // Rendering whole react-admin forms in jsdom takes seconds on a loaded machine.
            testTimeout: 30_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            // Builds dist/ once when it is missing; nothing to do when browser tests are skipped.
            globalSetup: skipBrowserTests ? [] : ['tests/e2e/global_setup.ts'],
            testTimeout: 120_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  })
)
