/*
 * The MUI theme: react-admin's default with the sidebar widths of spec §9 and the
 * organisation's theme colour (preference themeColor: one of the named colours below, the
 * default purple, or a #rrggbb value) as the primary colour — the app bar, buttons, links,
 * tabs and switches of every panel, and the public pages of a branded organisation.
 */
import { createElement } from 'react'
import { defaultTheme, type RaThemeOptions } from 'react-admin'
import { EmptyList } from './EmptyList'
import { RecordPageActions } from './RecordPageResource'
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from './sidebar_state'

export const DEFAULT_THEME_COLOR = 'purple'

/** The named theme colours an organisation can pick (core's THEME_COLOR rule), dark enough for white text. */
export const NAMED_THEME_COLORS: Record<string, string> = {
  purple: '#7b1fa2',
  blue: '#1976d2',
  green: '#2e7d32',
  red: '#d32f2f',
  orange: '#e65100',
  teal: '#00796b',
  pink: '#c2185b',
  indigo: '#3949ab',
}

/** A theme colour preference as a CSS colour: a named colour or #rrggbb; purple otherwise. */
export function themeColorToCss(preference: unknown): string {
  const value = typeof preference === 'string' ? preference.trim() : ''
  if (/^#[0-9a-f]{6}$/i.test(value)) return value
  return NAMED_THEME_COLORS[value.toLowerCase()] ?? NAMED_THEME_COLORS[DEFAULT_THEME_COLOR]
}

export function appTheme(themeColor?: unknown): RaThemeOptions {
  return {
    ...defaultTheme,
    palette: { ...defaultTheme.palette, primary: { main: themeColorToCss(themeColor ?? DEFAULT_THEME_COLOR) } },
    sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_COLLAPSED_WIDTH },
    components: {
      ...defaultTheme.components,
      // Every list's empty page: the create button only for those who may create.
      RaList: { defaultProps: { empty: createElement(EmptyList) } },
      // A record page's Edit button opens /{name}/{id}/edit (react-admin's would reopen the page).
      RaShow: { defaultProps: { actions: createElement(RecordPageActions) } },
    },
  }
}
