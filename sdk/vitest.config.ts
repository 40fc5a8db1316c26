import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    // The suite talks to a real server and database.
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
})
