import { Chip } from '@mui/material'
import { DataTable, DateField, List, TextInput, TopToolbar, useRecordContext } from 'react-admin'
import { POSTBACKS_API } from '../postbacks/model'
import { ResendRangeButton, ResendRowButton } from '../logs/ResendButtons'

const LastOutcomeField = (_props: { label?: string }) => {
  const record = useRecordContext()
  if (!record) return null
  return <Chip size="small" color="error" label={record.lastStatusCode ?? record.lastError ?? '-'} />
}

/**
 * Deliveries that gave up after every attempt (or whose target was deleted or switched off),
 * newest first: resend one (same event id, a fresh retry budget) or everything that failed in
 * a time range.
 */
function deadLetterList(kind: 'postback' | 'webhook', resource: string) {
  const F = `resources.${resource}.fields`
  const apiPath = `${POSTBACKS_API}/${kind}-dead-letters`
  const resendFailedPath = `${POSTBACKS_API}/${kind === 'postback' ? 'postback-log' : 'webhook_logs'}/resend-failed`
  const target = kind === 'postback' ? 'postbackId' : 'webhookId'
  const filters = [
    <TextInput key="event" source="event" label={`${F}.event`} />,
    <TextInput key={target} source={target} label={`${F}.${target}`} />,
  ]
  const Actions = () => (
    <TopToolbar>
      <ResendRangeButton resendFailedPath={resendFailedPath} />
    </TopToolbar>
  )
  return () => (
    <List filters={filters} actions={<Actions />} sort={{ field: 'id', order: 'DESC' }} empty={false}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="createdAt" label={`${F}.createdAt`} field={DateField} />
        <DataTable.Col source="event" label={`${F}.event`} disableSort />
        <DataTable.Col source={target} label={`${F}.${target}`} disableSort />
        <DataTable.Col source="attempts" label={`${F}.attempts`} />
        <DataTable.Col source="lastError" label={`${F}.lastError`} field={LastOutcomeField} disableSort />
        <DataTable.Col source="eventId" label={`${F}.eventId`} disableSort />
        <DataTable.Col source="customerId" label={`${F}.customerId`} disableSort />
        <DataTable.Col source="clickId" label={`${F}.clickId`} disableSort />
        <DataTable.Col label="" disableSort>
          <ResendRowButton apiPath={apiPath} />
        </DataTable.Col>
      </DataTable>
    </List>
  )
}

export const PostbackDeadLetterList = deadLetterList('postback', 'manage/postback-dead-letters')
export const WebhookDeadLetterList = deadLetterList('webhook', 'configuration/webhook-dead-letters')
