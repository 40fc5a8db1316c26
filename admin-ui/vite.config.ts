import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const apiUrl = process.env.AFFIX_API_URL ?? 'http://127.0.0.1:3333'
// The build's version, from the same source as the server's (core/app/services/version.ts),
// so the "new version" banner compares like with like against GET /health.
const rootPackageJson = fileURLToPath(new URL('../package.json', import.meta.url))
const rootPackage = JSON.parse(readFileSync(rootPackageJson, 'utf8')) as { version: string }
const buildVersion = process.env.APP_VERSION ?? rootPackage.version

const INSTALLED_PLUGINS = 'virtual:affix-installed-plugins'

/**
 * `virtual:affix-installed-plugins`: the admin modules (each package's "./admin" export) of the
 * plugins listed under `affix.plugins` in the root package.json, the list the server loads too
 * (core/config/plugins.ts). Generated on every build and test run, so it cannot go stale. A
 * listed plugin without an "./admin" export has no screens and is left out; one that is not
 * installed at all fails the build.
 */
function installedPlugins(): Plugin {
  return {
    name: 'affix-installed-plugins',
    resolveId: (id) => (id === INSTALLED_PLUGINS ? `\0${INSTALLED_PLUGINS}` : undefined),
    async load(id) {
      if (id !== `\0${INSTALLED_PLUGINS}`) return undefined
      this.addWatchFile(rootPackageJson)
      const listed = (JSON.parse(readFileSync(rootPackageJson, 'utf8')) as { affix?: { plugins?: string[] } }).affix
        ?.plugins
      if (!Array.isArray(listed))
        this.error(`${rootPackageJson}: "affix.plugins" must be a list of plugin package names`)
      const admins: string[] = []
      for (const name of listed) {
        if (!(await this.resolve(name))) this.error(`plugin "${name}" (package.json "affix.plugins") is not installed`)
        if (await this.resolve(`${name}/admin`)) admins.push(`${name}/admin`)
      }
      return [
        ...admins.map((specifier, index) => `import plugin${index} from ${JSON.stringify(specifier)}`),
        `export default [${admins.map((_, index) => `plugin${index}`).join(', ')}]`,
      ].join('\n')
    },
  }
}

export default defineConfig({
  plugins: [react(), installedPlugins()],
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
