/*
 * The MUI theme: react-admin's default with the sidebar widths of spec §9 and the
 * organisation's theme colour (preference themeColor: a colour name such as the default
 * "purple", or a #hex value).
 */
import * as colors from '@mui/material/colors'
import { defaultTheme, type RaThemeOptions } from 'react-admin'
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from './sidebar_state'

export const DEFAULT_THEME_COLOR = 'purple'

/** A theme colour preference as a CSS colour (unknown names fall back to purple). */
export function themeColorValue(preference: unknown): string {
  if (typeof preference === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(preference.trim())) return preference.trim()
  const name = typeof preference === 'string' ? preference.trim().replace(/[\s_-]+(\w)/g, (_, letter: string) => letter.toUpperCase()) : ''
  const palette = (colors as unknown as Record<string, Record<string, string> | undefined>)[name] ?? colors.purple
  return palette[700] ?? colors.purple[700]
}

export function appTheme(themeColor?: unknown): RaThemeOptions {
  return {
    ...defaultTheme,
    palette: { ...defaultTheme.palette, primary: { main: themeColorValue(themeColor ?? DEFAULT_THEME_COLOR) } },
    sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_COLLAPSED_WIDTH },
  }
}
