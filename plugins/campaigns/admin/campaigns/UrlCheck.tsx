import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useDataProvider } from 'react-admin'
import { CAMPAIGNS_API, DEFAULT_URL_MACROS } from './model'

export interface UrlCheckResult {
  valid: boolean
  message: string
}

/**
 * The server's URL validator (spec §5) on the typed URL, shortly after typing stops: its
 * own message ("URL is valid with the specified macros.", "Please include the "x" macro…").
 */
export const UrlCheck = ({
  source,
  macros = DEFAULT_URL_MACROS,
  delay = 400,
}: {
  source: string
  macros?: readonly string[]
  delay?: number
}) => {
  const url = useWatch({ name: source }) as string | undefined
  const dataProvider = useDataProvider<AffixDataProvider>()
  const [result, setResult] = useState<UrlCheckResult | null>(null)

  useEffect(() => {
    if (!url || !url.trim()) {
      setResult(null)
      return
    }
    let cancelled = false
    const timer = setTimeout(async () => {
      try {
        const { data } = await dataProvider.request<UrlCheckResult>(`${CAMPAIGNS_API}/url-validator`, {
          method: 'POST',
          body: { url: url.trim(), macros: [...macros], mode: 'any' },
        })
        if (!cancelled && data && typeof data.message === 'string') setResult(data)
      } catch {
        // The field's own checks still apply; the live hint is a convenience.
        if (!cancelled) setResult(null)
      }
    }, delay)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [url, macros, delay, dataProvider])

  if (!result) return null
  return (
    <Typography
      variant="caption"
      component="p"
      data-testid={`url-check-${source}`}
      sx={{ mt: -1, mb: 1, ml: 1.75, color: result.valid ? 'success.main' : 'warning.main' }}
    >
      {result.message}
    </Typography>
  )
}
