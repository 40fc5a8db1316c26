import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const apiUrl = process.env.AFFIX_API_URL ?? 'http://127.0.0.1:3333'
// The build's version, from the same source as the server's (core/app/services/version.ts),
// so the "new version" banner compares like with like against GET /health.
const rootPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
const buildVersion = process.env.APP_VERSION ?? rootPackage.version

export default defineConfig({
  plugins: [react()],
  define: { __AFFIX_BUILD_VERSION__: JSON.stringify(buildVersion) },
  // Core serves dist/ at the site root (assets under /assets/).
  base: '/',
  // One bundle of about 1.1 MB (react-admin and MUI): a back-office app loaded once and then
  // cached, since asset names are content-hashed.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  resolve: {
    // The SDK's source rather than its build (sdk/dist): the UI takes only its generated enums
    // (ReportName, TeamMemberRole…), and needs no SDK build first (npm start, vite dev, tests).
    alias: { '@affix/sdk': fileURLToPath(new URL('../sdk/src/index.ts', import.meta.url)) },
    // Plugin admin modules live outside this package: they must share the app's single copies.
    dedupe: ['react', 'react-dom', 'react-admin', '@mui/material', '@emotion/react', '@emotion/styled'],
  },
  server: {
    proxy: {
      '/api': { target: apiUrl, changeOrigin: true },
      '/health': { target: apiUrl, changeOrigin: true },
    },
  },
})
