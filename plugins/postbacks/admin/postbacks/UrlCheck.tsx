import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useDataProvider } from 'react-admin'
import { GET_URL_MACROS } from './model'

/**
 * The spec §5 validator's live message on the typed URL (the campaigns plugin's endpoint,
 * the same check the server runs on save): a GET postback needs one of the matching macros.
 */
export const UrlCheck = () => {
  const url = useWatch({ name: 'url' }) as string | undefined
  const method = useWatch({ name: 'method' }) as string | undefined
  const dataProvider = useDataProvider<AffixDataProvider>()
  const [result, setResult] = useState<{ valid: boolean; message: string } | null>(null)
  useEffect(() => {
    if (!url?.trim()) {
      setResult(null)
      return
    }
    let cancelled = false
    const timer = setTimeout(async () => {
      try {
        const { data } = await dataProvider.request<{ valid: boolean; message: string }>(
          '/api/v1/campaigns/campaigns/url-validator',
          {
            method: 'POST',
            body: { url: url.trim(), macros: method === 'post' ? [] : [...GET_URL_MACROS], mode: 'any' },
          }
        )
        if (!cancelled && typeof data?.message === 'string') setResult(data)
      } catch {
        if (!cancelled) setResult(null)
      }
    }, 400)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [url, method, dataProvider])
  if (!result) return null
  return (
    <Typography
      variant="caption"
      component="p"
      data-testid="postback-url-check"
      sx={{ mt: -1, mb: 1, ml: 1.75, color: result.valid ? 'success.main' : 'warning.main' }}
    >
      {result.message}
    </Typography>
  )
}
