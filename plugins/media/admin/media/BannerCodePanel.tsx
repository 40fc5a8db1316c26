import CopyIcon from '@mui/icons-material/ContentCopy'
import CodeIcon from '@mui/icons-material/Code'
import { Box, Button as MuiButton, Card, CardContent, TextField as MuiTextField, Typography } from '@mui/material'
import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useEffect, useState } from 'react'
import {
  AutocompleteInput,
  Button,
  Form,
  ReferenceInput,
  required,
  useDataProvider,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { CampaignIdInput } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { MEDIA_API, isImageFile } from './model'
import { formErrorsOf } from './save'
import { blobToDataUrl } from './useMediaFile'

export interface BannerCode {
  trackingLink: string
  html: string
  js: string
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // Clipboard API refused (no secure context, no permission): the old way.
    const area = document.createElement('textarea')
    area.value = text
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.append(area)
    area.select()
    const done = document.execCommand?.('copy') ?? false
    area.remove()
    return done
  }
}

const CodeBlock = ({ label, value, testId }: { label: string; value: string; testId: string }) => {
  const translate = useTranslate()
  const notify = useNotify()
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2 }}>
      <MuiTextField
        label={translate(label)}
        value={value}
        fullWidth
        multiline
        maxRows={6}
        slotProps={{
          input: { readOnly: true, sx: { fontFamily: 'monospace', fontSize: 13 } },
          htmlInput: { 'data-testid': testId },
        }}
      />
      <MuiButton
        variant="outlined"
        startIcon={<CopyIcon />}
        aria-label={`${translate('media.banner_code.copy')} ${translate(label)}`}
        onClick={async () =>
          notify((await copyText(value)) ? 'media.banner_code.copied' : 'media.banner_code.copy_failed', {
            type: 'info',
          })
        }
        sx={{ mt: 1, flexShrink: 0 }}
      >
        {translate('media.banner_code.copy')}
      </MuiButton>
    </Box>
  )
}

/**
 * What the snippet looks like on a publisher's page. The stored file needs our token, so
 * the preview swaps its URL for the file's content; scripts never run (sandbox="").
 */
export const BannerCodePreview = ({
  html,
  fileUrl,
  fileData,
}: {
  html: string
  fileUrl: string | null
  fileData: string | null
}) => {
  const translate = useTranslate()
  const shown =
    fileUrl && fileData ? html.split(fileUrl.replace(/&/g, '&amp;')).join(fileData).split(fileUrl).join(fileData) : html
  // Tall enough for the banner itself (its height is in the markup), at least 160px.
  const height = Math.min(Math.max(Number(/height="(\d+)"/.exec(html)?.[1] ?? 0) + 24, 160), 800)
  return (
    <iframe
      title={translate('media.banner_code.preview')}
      data-testid="banner-code-preview"
      sandbox=""
      srcDoc={`<!doctype html><html><body style="margin:8px">${shown}</body></html>`}
      style={{ width: '100%', height, border: '1px dashed rgba(0,0,0,0.24)', background: '#fff' }}
    />
  )
}

export const BannerCodeResult = ({ code, fileData }: { code: BannerCode; fileData: string | null }) => {
  const translate = useTranslate()
  const fileUrl = /<img src="([^"]+)"/.exec(code.html)?.[1]?.replace(/&amp;/g, '&') ?? null
  return (
    <Box data-testid="banner-code-result" sx={{ mt: 2 }}>
      <CodeBlock label="media.banner_code.tracking_link" value={code.trackingLink} testId="banner-code-link" />
      <CodeBlock label="media.banner_code.html" value={code.html} testId="banner-code-html" />
      <CodeBlock label="media.banner_code.js" value={`<script>${code.js}</script>`} testId="banner-code-js" />
      <Typography variant="subtitle2" gutterBottom>
        {translate('media.banner_code.preview')}
      </Typography>
      <BannerCodePreview html={code.html} fileUrl={fileUrl} fileData={fileData} />
    </Box>
  )
}

const affiliateText = (record: { name?: string | null; email?: string; id?: unknown }) =>
  record?.name ? `${record.name} (#${record.id})` : (record?.email ?? `#${record?.id}`)

/**
 * Banner code generator (spec §2): admins and managers pick an affiliate and a campaign (the
 * server takes the creative's only promotable campaign when none is picked, and asks for one
 * on the campaign field otherwise); an affiliate gets its own code. Shows the tracking link,
 * the HTML and the script, each with a Copy button, and a live preview.
 */
export const BannerCodePanel = ({ fileBlob }: { fileBlob?: Blob | null }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notifyServerError = useNotifyServerError()
  const { identity, isPending } = useGetIdentity()
  const [code, setCode] = useState<BannerCode | null>(null)
  const [busy, setBusy] = useState(false)
  const [fileData, setFileData] = useState<string | null>(null)
  const isAffiliate = identity?.role === 'affiliate'

  useEffect(() => {
    let cancelled = false
    if (fileBlob && isImageFile(record?.file))
      blobToDataUrl(fileBlob).then(
        (data) => !cancelled && setFileData(data),
        () => undefined
      )
    return () => {
      cancelled = true
    }
  }, [fileBlob, record?.file])

  if (!record || isPending) return null

  const generate = async (values: { affiliateId?: number; campaignId?: number }) => {
    setBusy(true)
    try {
      const query = {
        affiliateId: isAffiliate ? undefined : values.affiliateId,
        campaignId: values.campaignId || undefined,
      }
      const { data } = await dataProvider.request<BannerCode>(
        `${MEDIA_API}/${encodeURIComponent(String(record.id))}/banner-code`,
        { query, notFoundPage: false }
      )
      setCode(data)
    } catch (error) {
      setCode(null)
      notifyServerError(error)
      return formErrorsOf(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card variant="outlined" data-testid="banner-code-panel">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('media.banner_code.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate(isAffiliate ? 'media.banner_code.help_affiliate' : 'media.banner_code.help')}
        </Typography>
        <Form onSubmit={generate as never} record={{}}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            {!isAffiliate && (
              <Box sx={{ minWidth: 280, flex: 1 }}>
                <ReferenceInput
                  source="affiliateId"
                  reference="manage/affiliate"
                  sort={{ field: 'name', order: 'ASC' }}
                >
                  <AutocompleteInput
                    label="media.banner_code.affiliate"
                    optionText={affiliateText}
                    filterToQuery={(q: string) => ({ q })}
                    validate={required('media.errors.affiliate_required')}
                    fullWidth
                  />
                </ReferenceInput>
              </Box>
            )}
            <Box sx={{ minWidth: 240, flex: 1 }}>
              <CampaignIdInput label="media.banner_code.campaign" />
            </Box>
            <Button type="submit" variant="contained" label="media.banner_code.generate" disabled={busy} sx={{ mt: 1 }}>
              <CodeIcon />
            </Button>
          </Box>
        </Form>
        {code && <BannerCodeResult code={code} fileData={fileData} />}
      </CardContent>
    </Card>
  )
}
