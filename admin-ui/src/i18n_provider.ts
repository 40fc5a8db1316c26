/*
 * Translations: react-admin's English pack, the shell's pt/tr packs and every plugin's
 * messages, for en / pt / tr. react-admin persists the chosen locale in its store and
 * hands it back to changeLocale on the next visit.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot'
import { resolveBrowserLocale, type I18nProvider, type TranslationMessages } from 'react-admin'
import { en } from './i18n/en'
import { mergeMessages } from './i18n/merge_messages'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'
import type { AdminPlugin, Locale } from './plugin_api'
import { layoutMessages } from './layout/messages'
import { publicMessages } from './public'
import { screenMessages } from './screens'

export const LOCALES: Array<{ locale: Locale; name: string }> = [
  { locale: 'en', name: 'English' },
  { locale: 'pt', name: 'Português' },
  { locale: 'tr', name: 'Türkçe' },
]

const SHELL_MESSAGES: Record<Locale, TranslationMessages> = { en, pt, tr }

export const isLocale = (value: string): value is Locale => LOCALES.some(({ locale }) => locale === value)

export function messagesFor(locale: Locale, plugins: AdminPlugin[]): TranslationMessages {
  // A plugin's English messages stand in for its missing pt/tr keys.
  const pluginMessages = plugins.flatMap((plugin) => [plugin.messages.en, plugin.messages[locale]])
  // Each area of the shell keeps its own messages; English stands in for a missing pt/tr key.
  const areaMessages = [layoutMessages, publicMessages, screenMessages].flatMap((area) => [area.en, area[locale]])
  return mergeMessages(SHELL_MESSAGES[locale], ...areaMessages, ...pluginMessages)
}

export function createI18nProvider(plugins: AdminPlugin[], initialLocale?: string): I18nProvider {
  const browserLocale = resolveBrowserLocale('en')
  const locale =
    initialLocale && isLocale(initialLocale) ? initialLocale : isLocale(browserLocale) ? browserLocale : 'en'
  const messages = Object.fromEntries(LOCALES.map(({ locale }) => [locale, messagesFor(locale, plugins)])) as Record<
    Locale,
    TranslationMessages
  >
  const polyglot = polyglotI18nProvider(
    (requested) => messages[isLocale(requested) ? requested : 'en'],
    locale,
    LOCALES,
    {
      // Keys without a message fall back to react-admin's `_` default or the key itself, without console noise.
      allowMissing: true,
    }
  )
  setDocumentLanguage(locale)
  return {
    ...polyglot,
    async changeLocale(newLocale, options) {
      await polyglot.changeLocale(newLocale, options)
      setDocumentLanguage(polyglot.getLocale())
    },
  }
}

/** <html lang> drives hyphenation, screen readers and text-transform (Turkish "i" → "İ"). */
function setDocumentLanguage(locale: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}
