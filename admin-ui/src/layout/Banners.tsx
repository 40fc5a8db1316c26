/*
 * Banners above the page (spec §8): no internet connection, a newer build deployed (with
 * Reload), and a login-as session (with the way back to one's own panel).
 */
import { Alert, Button, Stack } from '@mui/material'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useLogout, useTranslate } from 'react-admin'
import { isLoginAsSession, loginAsOrigin } from '../session'
import { BUILD_VERSION, isNewerBuild, VERSION_POLL_MS, versionOfHealth } from './build_version'
import { useSession } from './useSession'

const subscribeOnline = (callback: () => void) => {
  window.addEventListener('online', callback)
  window.addEventListener('offline', callback)
  return () => {
    window.removeEventListener('online', callback)
    window.removeEventListener('offline', callback)
  }
}

export const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true
  )

export const OfflineBanner = () => {
  const translate = useTranslate()
  if (useOnline()) return null
  return (
    <Alert severity="warning" role="alert" data-testid="offline-banner">
      {translate('affix.errors.offline')}
    </Alert>
  )
}

/** Asks GET /health for the deployed version now, every 5 minutes and when the tab comes back. */
export function useNewVersionAvailable(pollMs = VERSION_POLL_MS): boolean {
  const [available, setAvailable] = useState(false)
  useEffect(() => {
    if (available) return
    let cancelled = false
    const check = async () => {
      if (document.visibilityState === 'hidden' || !navigator.onLine) return
      try {
        const response = await fetch('/health', { cache: 'no-store', headers: { Accept: 'application/json' } })
        const version = versionOfHealth(await response.json())
        if (!cancelled && isNewerBuild(version, BUILD_VERSION)) setAvailable(true)
      } catch {
        // Offline or the server restarting: the next check will tell.
      }
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check()
    }
    void check()
    const timer = window.setInterval(check, pollMs)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      cancelled = true
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [available, pollMs])
  return available
}

export const NewVersionBanner = () => {
  const translate = useTranslate()
  if (!useNewVersionAvailable()) return null
  return (
    <Alert
      severity="info"
      data-testid="new-version-banner"
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {translate('affix.errors.reload')}
        </Button>
      }
    >
      {translate('affix.errors.new_version')}
    </Alert>
  )
}

/** During login-as: who is signed in on whose behalf, and the way back (logout returns to the origin panel). */
export const LoginAsBanner = () => {
  const translate = useTranslate()
  const logout = useLogout()
  const { account } = useSession()
  if (!account || !isLoginAsSession()) return null
  const actor =
    account.impersonatedBy?.email ??
    translate(`affix.layout.roles.${loginAsOrigin() === 'superadmin' ? 'superadmin' : 'admin'}`)
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={() => logout()}>
          {translate('affix.layout.login_as.back')}
        </Button>
      }
    >
      {translate('affix.layout.login_as.banner', { email: account.user.email, actor })}
    </Alert>
  )
}

export const Banners = () => (
  <Stack spacing={0.5} sx={{ position: 'sticky', top: 48, zIndex: 3, mb: 0.5 }}>
    <OfflineBanner />
    <NewVersionBanner />
    <LoginAsBanner />
  </Stack>
)
