import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    // The suite runs the built binary against a real server and database.
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
})
