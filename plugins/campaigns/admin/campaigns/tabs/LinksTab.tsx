import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import CopyIcon from '@mui/icons-material/ContentCopy'
import {
  Alert,
  Box,
  Button as MuiButton,
  InputAdornment,
  IconButton,
  TextField as MuiTextField,
  Typography,
} from '@mui/material'
import { useState } from 'react'
import {
  AutocompleteInput,
  BooleanInput,
  Form,
  ReferenceInput,
  SelectInput,
  TextInput,
  useCanAccess,
  useDataProvider,
  useGetList,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { CAMPAIGNS_API } from '../model'
import { LINK_PARAMS, shownLink, toLinkPayload, type LinkForm } from '../links'
import { fieldErrors } from './api'

const personText = (record: { name?: string | null; email?: string }) => record?.name || record?.email || ''

/** Deep links of the campaign (organisations with feature edl: the deep-links ability exists only then). */
const DeepLinkInput = ({ campaignId }: { campaignId: unknown }) => {
  const { canAccess } = useCanAccess({ resource: 'deep-links', action: 'read' })
  const { data = [] } = useGetList(
    'manage/deep-links',
    {
      filter: { campaignId, status: 'active' },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
    },
    { enabled: Boolean(canAccess) }
  )
  if (!canAccess || !data.length) return null
  return (
    <SelectInput
      source="deepLinkId"
      label="campaigns.links.deep_link"
      choices={data.map((link) => ({ id: link.id, name: link.name ?? link.url }))}
      emptyText="campaigns.links.no_deep_link"
      fullWidth
    />
  )
}

export interface TrackingLinkResult {
  url: string
  shortUrl?: string | null
}

/**
 * The tracking-link generator (spec §7 createLink): an affiliate (admins choose; an
 * affiliate gets its own), p1..p10, sub1..sub10, source, a deep link and a short link →
 * the link with Copy.
 */
export const LinkGenerator = ({ asAffiliate = false }: { asAffiliate?: boolean }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const [result, setResult] = useState<TrackingLinkResult | null>(null)
  const [error, setError] = useState<string | null>(null)

  const generate = async (values: LinkForm) => {
    setError(null)
    if (!asAffiliate && !values.affiliateId) {
      setError(translate('campaigns.validation.affiliate_required'))
      return
    }
    try {
      const { data } = await dataProvider.request<TrackingLinkResult>(`${CAMPAIGNS_API}/${record!.id}/links`, {
        method: 'POST',
        body: toLinkPayload(values, { asAffiliate }),
      })
      if (data?.url) setResult(data)
    } catch (failure) {
      setResult(null)
      const errors = fieldErrors(failure)
      const message = Object.values(errors)[0]
      if (message) setError(message)
      else notifyError(failure)
    }
  }

  const link = shownLink(result)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      notify('campaigns.links.copied', { type: 'info' })
    } catch {
      notify('campaigns.links.copy_failed', { type: 'warning' })
    }
  }

  if (!record) return null
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Form
        record={{ shortLink: Boolean(record.shortLinkDefault) }}
        onSubmit={(values: Record<string, unknown>) => generate(values as LinkForm)}
      >
        {!asAffiliate && (
          <ReferenceInput
            source="affiliateId"
            reference="manage/affiliate"
            sort={{ field: 'name', order: 'ASC' }}
            filter={{ status: 'active' }}
          >
            <AutocompleteInput
              label="campaigns.links.affiliate"
              optionText={personText}
              filterToQuery={(q: string) => ({ q })}
              fullWidth
            />
          </ReferenceInput>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, columnGap: 2 }}>
          {LINK_PARAMS.map((name) => (
            <TextInput key={name} source={name} label={name} helperText={false} />
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <DeepLinkInput campaignId={record.id} />
          <BooleanInput source="shortLink" label="campaigns.links.short_link" helperText={false} />
          <MuiButton type="submit" variant="contained">
            {translate('campaigns.links.generate')}
          </MuiButton>
        </Box>
      </Form>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {link && (
        <Box sx={{ mt: 2 }}>
          <MuiTextField
            label={translate('campaigns.links.link')}
            value={link}
            fullWidth
            slotProps={{
              htmlInput: { readOnly: true, 'data-testid': 'tracking-link' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton aria-label={translate('campaigns.links.copy')} onClick={copy}>
                      <CopyIcon />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          {result?.shortUrl && (
            <Typography variant="caption" component="p" sx={{ mt: 1 }}>
              {translate('campaigns.links.full_link')}: <code data-testid="tracking-link-full">{result.url}</code>
            </Typography>
          )}
          <MuiButton startIcon={<CopyIcon />} onClick={copy} sx={{ mt: 1 }}>
            {translate('campaigns.links.copy')}
          </MuiButton>
        </Box>
      )}
    </Box>
  )
}
