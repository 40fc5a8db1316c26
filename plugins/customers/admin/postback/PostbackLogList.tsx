/*
 * The operator postback screen: its URL and secret, then the inbound log (newest first),
 * searched by cuid, txn_id or source IP and filtered by outcome, event and time. A row
 * expands to the parameters received (the server has removed the secret).
 */
import { StatusTag } from '@affix/admin-ui/plugin-api'
import { Box, Chip } from '@mui/material'
import {
  DataTable,
  DateField,
  DateInput,
  FilterButton,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { POSTBACK_EVENTS, POSTBACK_OUTCOMES, type PostbackLogEntry } from '../model'
import { ListError } from '../shared/ListError'
import { PostbackSecretCard } from './PostbackSecretCard'

const FIELD = 'resources.configuration/operator-postback.fields'
const OUTCOME_TAG: Record<string, string> = {
  created: 'success',
  updated: 'active',
  duplicate: 'pending',
  error: 'rejected',
}
const dayOnly = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 10) : undefined)

const filters = [
  <TextInput key="q" source="q" label="customers.postback.search" alwaysOn />,
  <SelectInput
    key="outcome"
    source="outcome"
    label={`${FIELD}.outcome`}
    choices={POSTBACK_OUTCOMES.map((id) => ({ id, name: `customers.outcomes.${id}` }))}
    alwaysOn
  />,
  <SelectInput
    key="event"
    source="event"
    label={`${FIELD}.event`}
    choices={POSTBACK_EVENTS.map((id) => ({ id, name: `customers.postback_events.${id}` }))}
  />,
  <DateInput key="from" source="from" label="customers.filters.from" parse={dayOnly} format={dayOnly} />,
  <DateInput key="to" source="to" label="customers.filters.to" parse={dayOnly} format={dayOnly} />,
]

const OutcomeField = (_props: { label?: string }) => {
  const record = useRecordContext<PostbackLogEntry>()
  const translate = useTranslate()
  if (!record) return null
  return (
    <StatusTag
      status={OUTCOME_TAG[record.outcome] ?? record.outcome}
      label={`${translate(`customers.outcomes.${record.outcome}`, { _: record.outcome })} · ${record.status}`}
    />
  )
}

const Params = () => {
  const record = useRecordContext<PostbackLogEntry>()
  if (!record) return null
  const params = Object.entries(record.params ?? {})
  return (
    <Box data-testid="postback-params" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 1 }}>
      {params.map(([key, value]) => (
        <Chip key={key} size="small" label={`${key}=${value}`} />
      ))}
    </Box>
  )
}

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
  </TopToolbar>
)

export const PostbackLogList = () => (
  <>
    <Box sx={{ mt: 2 }}>
      <PostbackSecretCard />
    </Box>
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'receivedAt', order: 'DESC' }}
      perPage={25}
      error={<ListError />}
    >
      <DataTable bulkActionButtons={false} rowClick="expand" expand={<Params />}>
        <DataTable.Col source="receivedAt" label={`${FIELD}.receivedAt`}>
          <DateField source="receivedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="sourceIp" label={`${FIELD}.sourceIp`} disableSort />
        <DataTable.Col source="method" label={`${FIELD}.method`} disableSort />
        <DataTable.Col source="event" label={`${FIELD}.event`} disableSort />
        <DataTable.Col source="outcome" label={`${FIELD}.outcome`} field={OutcomeField} disableSort />
        <DataTable.Col source="cuid" label={`${FIELD}.cuid`} disableSort />
        <DataTable.Col source="txnId" label={`${FIELD}.txnId`} disableSort />
        <DataTable.Col source="message" label={`${FIELD}.message`} disableSort />
      </DataTable>
    </List>
  </>
)
