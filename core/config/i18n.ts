import app from '@adonisjs/core/services/app'
import { defineConfig, formatters, loaders } from '@adonisjs/i18n'
import { pluginLangPaths } from '#config/plugins'

export const SUPPORTED_LOCALES = ['en', 'pt', 'tr'] as const

export default defineConfig({
  defaultLocale: 'en',
  supportedLocales: [...SUPPORTED_LOCALES],
  fallbackLocales: { pt: 'en', tr: 'en' },
  formatter: formatters.icu(),
  loaders: [
    loaders.fs({ location: app.languageFilesPath() }),
    ...pluginLangPaths.map((location) => loaders.fs({ location })),
  ],
})
