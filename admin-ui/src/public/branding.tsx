/*
 * White-label frame of the public pages (spec §1, §7): the organisation's login logo, name
 * and theme colour from GET /api/v1/auth/meta, fetched before login. Without an
 * organisation the platform's defaults (also from /auth/meta, which will find the
 * organisation by host name once white-label domains exist); skipped on hostnames starting
 * with "app.", which are the platform's own (spec §7).
 */
import { Alert, Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material'
import { ThemeProvider, type Theme } from '@mui/material/styles'
import { useEffect, useState, type ReactNode } from 'react'
import { LocalesMenuButton, useLocaleState } from 'react-admin'
import { themeColorToCss } from '../layout/theme'
import { callApi } from './api'

export interface Branding {
  organizationId: number | null
  name: string
  themeColor: string
  logoUrl: string | null
  loginLogoUrl: string | null
  favIconUrl: string | null
  affiliateSignupUrl: string | null
}

export const PLATFORM_BRANDING: Branding = {
  organizationId: null,
  name: 'Affix',
  themeColor: 'purple',
  logoUrl: null,
  loginLogoUrl: null,
  favIconUrl: null,
  affiliateSignupUrl: null,
}

// One colour table for the whole UI (the logged-in theme, the swatches of the preferences).
export { themeColorToCss } from '../layout/theme'

const brandingCache = new Map<string, Promise<Branding>>()

/** Branding by organisation id (or the platform's); one request per id and page load. */
export function fetchBranding(orgId: number | null, locale: string): Promise<Branding> {
  if (orgId === null && typeof window !== 'undefined' && window.location.hostname.startsWith('app.')) {
    return Promise.resolve(PLATFORM_BRANDING)
  }
  const key = String(orgId ?? '')
  let pending = brandingCache.get(key)
  if (!pending) {
    pending = callApi<Branding>(`/api/v1/auth/meta${orgId ? `?orgId=${orgId}` : ''}`, {}, locale)
    // A failed lookup is tried again on the next page, not cached.
    pending.catch(() => brandingCache.delete(key))
    brandingCache.set(key, pending)
  }
  return pending
}

/** A positive integer organisation id from a route or query parameter, else null. */
export function parseOrgId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null
  const id = Number(value)
  return id > 0 && id <= 2147483647 ? id : null
}

export function useBranding(orgId: number | null): { branding: Branding; loading: boolean } {
  const [locale] = useLocaleState()
  const [state, setState] = useState<{ key: number | null; branding: Branding | null }>({ key: null, branding: null })
  useEffect(() => {
    let live = true
    fetchBranding(orgId, locale)
      .then((branding) => live && setState({ key: orgId, branding }))
      // An unknown organisation or a failed lookup leaves the page in the platform's colours.
      .catch(() => live && setState({ key: orgId, branding: PLATFORM_BRANDING }))
    return () => {
      live = false
    }
    // The branding does not depend on the language: no refetch when it changes.
  }, [orgId])
  const ready = state.branding !== null && state.key === orgId
  return { branding: ready ? state.branding! : PLATFORM_BRANDING, loading: !ready }
}

/** The app's theme with the organisation's colour as primary. */
export function brandTheme(color: string) {
  return (outer: Theme): Theme => {
    const primary = outer.palette.augmentColor({ color: { main: color } })
    // Channels (mainChannel, …) exist only in CSS-variable themes; the augmented colour replaces the rest.
    const theme = {
      ...outer,
      palette: { ...outer.palette, primary: { ...outer.palette.primary, ...primary } as Theme['palette']['primary'] },
    } as Theme
    // With CSS variables, components read theme.vars: override the primary colour there too.
    const withVars = theme as unknown as { vars?: { palette: Record<string, object> } }
    if (withVars.vars) {
      const { vars } = withVars
      withVars.vars = { ...vars, palette: { ...vars.palette, primary: { ...vars.palette.primary, ...primary } } }
    }
    return theme
  }
}

/** Shows the organisation's icon as the page's favicon while a public page is open. */
function useFavicon(url: string | null) {
  useEffect(() => {
    if (!url) return
    const link =
      document.querySelector<HTMLLinkElement>('link[rel~="icon"]') ??
      document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'icon' }))
    const before = link.href
    link.href = url
    return () => {
      link.href = before
    }
  }, [url])
}

export interface PublicPageProps {
  title?: ReactNode
  subtitle?: ReactNode
  /** The organisation whose branding the page wears; null for the platform's. */
  orgId?: number | null
  /** Branding already known (e.g. from a signup form), used instead of a lookup. */
  branding?: Partial<Branding> | null
  width?: number
  children: ReactNode
}

/** The blank layout: a centred card under the organisation's login logo, with the language menu. */
export function PublicPage({ title, subtitle, orgId = null, branding: given, width = 420, children }: PublicPageProps) {
  const { branding: fetched, loading } = useBranding(orgId)
  const branding = {
    ...fetched,
    ...Object.fromEntries(Object.entries(given ?? {}).filter(([, value]) => value != null)),
  }
  const color = themeColorToCss(branding.themeColor)
  useFavicon(branding.favIconUrl)
  return (
    <ThemeProvider theme={brandTheme(color)}>
      <Box
        sx={{
          minHeight: '100vh',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          px: 2,
          pb: 4,
          // A band of the organisation's colour behind the logo and the language menu.
          background: `linear-gradient(180deg, ${color} 0, ${color} 240px, #f5f5f7 240px)`,
        }}
      >
        <Box sx={{ alignSelf: 'flex-end', color: 'common.white', pt: 1 }}>
          <LocalesMenuButton />
        </Box>
        <Box sx={{ mt: 2, mb: 3, minHeight: 72, display: 'flex', alignItems: 'center' }}>
          {loading ? null : branding.loginLogoUrl ? (
            <Box
              component="img"
              src={branding.loginLogoUrl}
              alt={branding.name}
              sx={{ maxWidth: '100%', maxHeight: 150 }}
            />
          ) : (
            <Typography variant="h4" component="div" sx={{ color: 'common.white', fontWeight: 600 }}>
              {branding.name}
            </Typography>
          )}
        </Box>
        <Card sx={{ width: '100%', maxWidth: width }}>
          <CardContent sx={{ p: 3 }}>
            <Stack spacing={2}>
              {title ? (
                <Typography variant="h5" component="h1">
                  {title}
                </Typography>
              ) : null}
              {subtitle ? <Typography color="text.secondary">{subtitle}</Typography> : null}
              {children}
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  )
}

/** A page waiting for the server. */
export function Waiting({ text }: { text: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
      <CircularProgress size={24} />
      <Typography>{text}</Typography>
    </Stack>
  )
}

/** A failure shown in the card, as the server worded it. */
export function ErrorNotice({ children }: { children: ReactNode }) {
  return (
    <Alert severity="error" role="alert">
      {children}
    </Alert>
  )
}
