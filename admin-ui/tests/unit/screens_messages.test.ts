import { describe, expect, it } from 'vitest'
import { screenMenuItems, screenMessages, screenRouteMeta, screenRoutes } from '../../src/screens'

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]
  )
}

function valueAt(tree: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree)
}

describe('screens messages and metadata', () => {
  it('has every English message in Portuguese and Turkish, and nothing else', () => {
    const english = keysOf(screenMessages.en).sort()
    expect(keysOf(screenMessages.pt).sort()).toEqual(english)
    expect(keysOf(screenMessages.tr).sort()).toEqual(english)
  })

  it('labels every menu item and route title in each language', () => {
    for (const locale of ['en', 'pt', 'tr'] as const) {
      for (const item of screenMenuItems)
        expect(valueAt(screenMessages[locale], item.label), `${locale} ${item.label}`).toBeTypeOf('string')
      for (const route of screenRouteMeta)
        expect(valueAt(screenMessages[locale], route.title), `${locale} ${route.title}`).toBeTypeOf('string')
    }
  })

  it('declares one route per screen, and every menu item leads to one of them', () => {
    expect(screenRoutes).toHaveLength(screenRouteMeta.length)
    expect(screenRouteMeta.map((route) => route.path)).toContain('/downloads')
    for (const item of screenMenuItems) {
      const path = item.path.split('?')[0]
      expect(
        screenRouteMeta.some((route) => route.path === path),
        item.path
      ).toBe(true)
    }
  })
})
