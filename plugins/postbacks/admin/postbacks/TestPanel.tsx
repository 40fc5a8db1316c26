import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { Box, Paper, Typography } from '@mui/material'
import { useState } from 'react'
import { Button, useDataProvider, useRecordContext, useTranslate } from 'react-admin'
import { POSTBACKS_API } from './model'

interface TestResult {
  request: { method: string; url: string; headers: Record<string, string>; body: string | null }
  response: { ok: boolean; statusCode: number | null; error: string | null; latencyMs: number; body: string | null }
}

/** The test tool on a saved postback or webhook: one labelled test event, the exact request and response. */
export const TestPanel = ({ path }: { path: (id: number) => string }) => {
  const record = useRecordContext()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notifyServerError = useNotifyServerError()
  const translate = useTranslate()
  const [result, setResult] = useState<TestResult | null>(null)
  const [busy, setBusy] = useState(false)
  if (!record?.id) return null
  const run = async () => {
    setBusy(true)
    try {
      const { data } = await dataProvider.request<TestResult>(`${POSTBACKS_API}${path(Number(record.id))}`, {
        method: 'POST',
      })
      setResult(data)
    } catch (error) {
      notifyServerError(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Box sx={{ p: 2 }}>
      <Button label="postbacks.test.send" onClick={run} disabled={busy} variant="outlined" />
      {result && (
        <Paper variant="outlined" sx={{ mt: 2, p: 2 }} data-testid="postback-test-result">
          <Typography variant="subtitle2">{translate('postbacks.test.request')}</Typography>
          <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>
            {`${result.request.method} ${result.request.url}\n${Object.entries(result.request.headers)
              .map(([name, value]) => `${name}: ${value}`)
              .join('\n')}${result.request.body ? `\n\n${result.request.body}` : ''}`}
          </Typography>
          <Typography variant="subtitle2">{translate('postbacks.test.response')}</Typography>
          <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>
            {`${result.response.statusCode ?? '-'} ${result.response.ok ? 'OK' : (result.response.error ?? '')} · ${result.response.latencyMs} ms\n${result.response.body ?? ''}`}
          </Typography>
        </Paper>
      )}
    </Box>
  )
}
