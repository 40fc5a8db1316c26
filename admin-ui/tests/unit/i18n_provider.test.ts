import englishMessages from 'ra-language-english'
import { describe, expect, it } from 'vitest'
import { en } from '../../src/i18n/en'
import { pt } from '../../src/i18n/pt'
import { tr } from '../../src/i18n/tr'
import { createI18nProvider, LOCALES } from '../../src/i18n_provider'
import { installedPlugins } from '../../src/plugins'

/** Every leaf key of a message tree, as dotted paths. */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]
  )
}

function valueAt(tree: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree)
}

describe('i18nProvider', () => {
  it('offers English, Portuguese and Turkish', () => {
    const i18n = createI18nProvider(installedPlugins, 'en')
    expect(i18n.getLocales?.()).toEqual(LOCALES)
    expect(LOCALES.map(({ locale }) => locale)).toEqual(['en', 'pt', 'tr'])
  })

  it('translates react-admin, shell and plugin messages in each locale', async () => {
    const i18n = createI18nProvider(installedPlugins, 'en')
    expect(i18n.translate('ra.action.save')).toBe('Save')
    expect(i18n.translate('resources.manage/brand.name', { smart_count: 2 })).toBe('Brands')

    await i18n.changeLocale('pt')
    expect(i18n.getLocale()).toBe('pt')
    expect(i18n.translate('ra.action.save')).toBe('Salvar')
    expect(i18n.translate('ra.auth.logout')).toBe('Sair')
    expect(i18n.translate('resources.manage/brand.name', { smart_count: 2 })).toBe('Marcas')
    expect(i18n.translate('resources.manage/brand.fields.name')).toBe('Nome')
    expect(i18n.translate('affix.dashboard.welcome', { organization: 'Demo' })).toBe('Bem-vindo a Demo')

    await i18n.changeLocale('tr')
    expect(i18n.translate('ra.action.delete')).toBe('Sil')
    expect(i18n.translate('ra.navigation.page_rows_per_page')).toBe('Sayfa başına satır:')
    expect(i18n.translate('resources.manage/product.name', { smart_count: 1 })).toBe('Ürün')
  })

  it('keeps <html lang> in step with the locale', async () => {
    const i18n = createI18nProvider(installedPlugins, 'en')
    expect(document.documentElement.lang).toBe('en')
    await i18n.changeLocale('tr')
    expect(document.documentElement.lang).toBe('tr')
  })

  it('starts in a supported locale and falls back to English for others', () => {
    expect(createI18nProvider(installedPlugins, 'tr').getLocale()).toBe('tr')
    expect(createI18nProvider(installedPlugins, 'de').getLocale()).toBe('en')
  })

  it('has no pt or tr key that English lacks (a typo would never be shown)', () => {
    const englishKeys = new Set(keysOf(en))
    expect(keysOf(pt).filter((key) => !englishKeys.has(key))).toEqual([])
    expect(keysOf(tr).filter((key) => !englishKeys.has(key))).toEqual([])
  })

  it('translates the react-admin messages the UI shows in pt and tr', () => {
    const visibleKeys = [
      'ra.auth.sign_in',
      'ra.auth.logout',
      'ra.action.save',
      'ra.action.delete',
      'ra.action.create',
      'ra.action.edit',
      'ra.action.show',
      'ra.action.export',
      'ra.action.list',
      'ra.action.search',
      'ra.action.refresh',
      'ra.action.bulk_actions',
      'ra.navigation.next',
      'ra.navigation.page_rows_per_page',
      'ra.validation.required',
      'ra.validation.email',
      'ra.notification.created',
      'ra.notification.deleted',
      'ra.message.delete_title',
      'ra.page.dashboard',
    ]
    for (const [locale, messages] of [
      ['pt', pt],
      ['tr', tr],
    ] as const) {
      const untranslated = visibleKeys.filter((key) => valueAt(messages, key) === valueAt(englishMessages, key))
      expect(untranslated, locale).toEqual([])
    }
  })

  it("says what was saved in our own words, never react-admin's placeholder (en, pt, tr)", async () => {
    const i18n = createI18nProvider(installedPlugins, 'en')
    // Resources that save (create or edit) say so in their own words.
    const resources = installedPlugins.flatMap((plugin) =>
      plugin.resources.filter((resource) => resource.create || resource.edit).map((resource) => resource.name)
    )
    expect(resources.length).toBeGreaterThan(5)
    for (const locale of ['en', 'pt', 'tr']) {
      await i18n.changeLocale(locale)
      for (const key of ['created', 'updated', 'deleted'])
        expect(i18n.translate(`ra.notification.${key}`, { smart_count: 1 }), `${locale} ${key}`).not.toMatch(
          /^Element /
        )
      for (const resource of resources)
        for (const key of ['created', 'updated']) {
          const message = i18n.translate(`resources.${resource}.notifications.${key}`, { smart_count: 1, _: '' })
          expect(message, `${locale} ${resource} ${key}`).not.toBe('')
        }
    }
    await i18n.changeLocale('pt')
    expect(i18n.translate('resources.manage/campaign.notifications.created', { smart_count: 1 })).toBe(
      'Campanha criada'
    )
    await i18n.changeLocale('tr')
    expect(i18n.translate('resources.manage/affiliate.notifications.updated', { smart_count: 1 })).toBe(
      'Ortak kaydedildi'
    )
  })

  it('gives the brands plugin the same message keys in every locale', () => {
    const [brands] = installedPlugins
    const englishKeys = keysOf(brands.messages.en).sort()
    expect(keysOf(brands.messages.pt).sort()).toEqual(englishKeys)
    expect(keysOf(brands.messages.tr).sort()).toEqual(englishKeys)
  })
})
