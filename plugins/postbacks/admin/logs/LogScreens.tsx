import { ServerExportButton } from '@affix/admin-ui/plugin-api'
import { Chip } from '@mui/material'
import {
  DataTable,
  DateField,
  List,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useRecordContext,
} from 'react-admin'
import { POSTBACKS_API } from '../postbacks/model'
import { ResendRangeButton, ResendRowButton } from './ResendButtons'

const OutcomeField = (_props: { label?: string }) => {
  const record = useRecordContext()
  if (!record) return null
  return (
    <Chip
      size="small"
      color={record.outcome === 'success' ? 'success' : 'error'}
      label={record.statusCode ?? record.error ?? record.outcome}
    />
  )
}

/** One log screen per kind: every attempt with its time, URL, status, latency, response, customer, click. */
function logList(resource: string, apiPath: string) {
  const F = `resources.${resource}.fields`
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="outcome"
      source="outcome"
      label={`${F}.outcome`}
      choices={[
        { id: 'success', name: 'postbacks.outcomes.success' },
        { id: 'failure', name: 'postbacks.outcomes.failure' },
      ]}
      alwaysOn
    />,
    <TextInput key="event" source="event" label={`${F}.event`} />,
    <TextInput key="clickId" source="clickId" label={`${F}.clickId`} />,
    <TextInput key="customerId" source="customerId" label={`${F}.customerId`} />,
  ]
  const Actions = () => (
    <TopToolbar>
      <ResendRangeButton resendFailedPath={`${apiPath}/resend-failed`} />
      <ServerExportButton apiPath={apiPath} />
    </TopToolbar>
  )
  return () => (
    <List filters={filters} actions={<Actions />} sort={{ field: 'id', order: 'DESC' }}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="createdAt" label={`${F}.createdAt`} field={DateField} />
        <DataTable.Col source="event" label={`${F}.event`} disableSort />
        <DataTable.Col source="attempt" label={`${F}.attempt`} disableSort />
        <DataTable.Col source="outcome" label={`${F}.outcome`} field={OutcomeField} disableSort />
        <DataTable.Col source="latencyMs" label={`${F}.latencyMs`} />
        <DataTable.Col source="url" label={`${F}.url`} disableSort />
        <DataTable.Col source="responseExcerpt" label={`${F}.responseExcerpt`} disableSort />
        <DataTable.Col source="customerId" label={`${F}.customerId`} disableSort />
        <DataTable.Col source="clickId" label={`${F}.clickId`} disableSort />
        <DataTable.Col label="" disableSort>
          <ResendRowButton apiPath={apiPath} />
        </DataTable.Col>
      </DataTable>
    </List>
  )
}

export const PostbackLogList = logList('manage/postback-log', `${POSTBACKS_API}/postback-log`)
export const WebhookLogList = logList('configuration/webhook-logs', `${POSTBACKS_API}/webhook_logs`)
