import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { Box, Button as MuiButton } from '@mui/material'
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  Form,
  ReferenceArrayInput,
  ReferenceInput,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { CAMPAIGNS_API } from '../model'
import { useCampaignPart } from './api'

const groupText = (record: { name?: string }) => record?.name ?? ''

/** The campaign's affiliate groups: one primary and others (PUT /campaigns/:id/groups). */
export const GroupsTab = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const { canAccess: manage = false } = useCanAccess({ resource: 'campaigns', action: 'manage' })
  const { data, isPending, refresh } = useCampaignPart<{ primaryGroupId: number | null; groupIds: number[] }>(
    record?.id,
    'groups'
  )
  if (isPending || !record) return null
  const save = async (values: Record<string, any>) => {
    try {
      await dataProvider.request(`${CAMPAIGNS_API}/${record.id}/groups`, {
        method: 'PUT',
        body: { primaryGroupId: values.primaryGroupId || null, groupIds: values.groupIds ?? [] },
      })
      notify('campaigns.groups.saved', { type: 'info' })
      await refresh()
    } catch (failure) {
      notifyError(failure)
    }
  }
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Form
        record={{ id: record.id, primaryGroupId: data?.primaryGroupId ?? null, groupIds: data?.groupIds ?? [] }}
        onSubmit={save}
      >
        <ReferenceInput source="primaryGroupId" reference="manage/affiliate-group">
          <AutocompleteInput
            label="resources.manage/campaign.fields.primaryGroupId"
            optionText={groupText}
            filterToQuery={(q: string) => ({ q })}
            disabled={!manage}
            fullWidth
          />
        </ReferenceInput>
        <ReferenceArrayInput source="groupIds" reference="manage/affiliate-group">
          <AutocompleteArrayInput
            label="resources.manage/campaign.fields.groupIds"
            optionText={groupText}
            filterToQuery={(q: string) => ({ q })}
            disabled={!manage}
            fullWidth
          />
        </ReferenceArrayInput>
        {manage && (
          <MuiButton type="submit" variant="contained">
            {translate('ra.action.save')}
          </MuiButton>
        )}
      </Form>
    </Box>
  )
}
