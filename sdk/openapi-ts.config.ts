import { defineConfig } from '@hey-api/openapi-ts'

/*
 * Generates the typed client in src/generated from the server's OpenAPI document.
 * AFFIX_SDK_OUTPUT lets scripts/check_generated.mjs regenerate into a temporary
 * directory and compare the result with the committed copy.
 */
export default defineConfig({
  input: '../openapi/openapi.json',
  output: {
    path: process.env.AFFIX_SDK_OUTPUT ?? 'src/generated',
    // Explicit so that the output does not depend on which tsconfig hey-api finds.
    module: { extension: '.js' },
    header: ({ defaultValue }) => [
      ...defaultValue,
      '// Generated from openapi/openapi.json: do not edit by hand; run `npm run generate -w @affix/sdk`.',
    ],
  },
  plugins: [
    '@hey-api/client-fetch',
    // A named enum schema (ReportName, TeamMemberRole…) becomes a runtime object as well as a
    // type, so the admin UI and the CLI take their choices from it: Object.values(ReportName).
    { name: '@hey-api/typescript', enums: 'javascript' },
    '@hey-api/sdk',
  ],
})
