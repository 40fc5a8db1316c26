import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { Box, Button as MuiButton, Typography } from '@mui/material'
import {
  AutocompleteArrayInput,
  Form,
  ReferenceArrayInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { CAMPAIGNS_API } from '../model'
import { useCampaignPart } from './api'

const personText = (record: { name?: string | null; email?: string }) => record?.name || record?.email || ''

/** Affiliates blocked from the campaign: their links are refused and their clicks rejected. */
export const BlockedTab = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const { data, isPending, refresh } = useCampaignPart<{ affiliateIds: number[] }>(record?.id, 'blocked-affiliates')
  if (isPending || !record) return null
  const save = async (values: Record<string, any>) => {
    try {
      await dataProvider.request(`${CAMPAIGNS_API}/${record.id}/blocked-affiliates`, {
        method: 'PUT',
        body: { affiliateIds: values.affiliateIds ?? [] },
      })
      notify('campaigns.blocked.saved', { type: 'info' })
      await refresh()
    } catch (failure) {
      notifyError(failure)
    }
  }
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('campaigns.blocked.help')}
      </Typography>
      <Form record={{ id: record.id, affiliateIds: data?.affiliateIds ?? [] }} onSubmit={save}>
        <ReferenceArrayInput source="affiliateIds" reference="manage/affiliate">
          <AutocompleteArrayInput
            label="campaigns.blocked.affiliates"
            optionText={personText}
            filterToQuery={(q: string) => ({ q })}
            fullWidth
          />
        </ReferenceArrayInput>
        <MuiButton type="submit" variant="contained">
          {translate('ra.action.save')}
        </MuiButton>
      </Form>
    </Box>
  )
}
