/*
 * Commission rows: the network sees every row in its scope, with filters and bulk approve,
 * deny (with a reason) and hold on the selected rows or on every row the filters match; an
 * affiliate sees its own rows and no actions. A row opens its explanation.
 */
import { useState } from 'react'
import {
  AutocompleteInput,
  Button,
  DataTable,
  FilterButton,
  List,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useDataProvider,
  useGetIdentity,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin'
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material'
import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { PAYOUTS_API, ROW_STATUSES, ROW_TYPES, ROWS_RESOURCE, useAbility } from '../model'
import { RowAmountField, RowStatusField, RowTypeField } from './RowFields'

const FIELD = 'payouts.fields'
const byQuery = (q: string) => ({ q })
type Action = 'approve' | 'deny' | 'hold'

const filtersFor = (network: boolean) => [
  <TextInput key="period" source="period" label={`${FIELD}.period`} alwaysOn sx={{ width: 120 }} />,
  <SelectInput
    key="status"
    source="status"
    label={`${FIELD}.status`}
    choices={ROW_STATUSES.map((id) => ({ id, name: `payouts.statuses.${id}` }))}
    alwaysOn
  />,
  <SelectInput
    key="type"
    source="type"
    label={`${FIELD}.type`}
    choices={ROW_TYPES.map((id) => ({ id, name: `payouts.types.${id}` }))}
    alwaysOn
  />,
  ...(network
    ? [
        <ReferenceInput key="affiliateId" source="affiliateId" reference="manage/affiliate" alwaysOn>
          <AutocompleteInput
            label={`${FIELD}.affiliateId`}
            optionText="name"
            filterToQuery={byQuery}
            sx={{ minWidth: 200 }}
          />
        </ReferenceInput>,
      ]
    : []),
  <ReferenceInput key="campaignId" source="campaignId" reference="manage/campaign">
    <AutocompleteInput label={`${FIELD}.campaignId`} optionText="title" filterToQuery={byQuery} />
  </ReferenceInput>,
  <TextInput key="customerId" source="customerId" label={`${FIELD}.customerId`} />,
  <TextInput
    key="currency"
    source="currency"
    label={`${FIELD}.currency`}
    parse={(value: string) => value.trim().toUpperCase()}
  />,
]

/** The filters the status endpoints take (a bulk action by filter must choose exactly the listed rows). */
const ACTION_FILTERS = ['period', 'affiliateId', 'campaignId', 'brandId', 'type', 'status']
const isSet = (value: unknown) => value !== undefined && value !== null && value !== ''

/** The API's row filter from the list's filters (arrays, as the status endpoints take them). */
function statusFilter(values: Record<string, unknown>) {
  const filter: Record<string, unknown[]> = {}
  for (const key of ACTION_FILTERS) if (isSet(values[key])) filter[key] = ([] as unknown[]).concat(values[key])
  return filter
}

/** A filter the status endpoints do not know (customer, currency) would widen the action: it is not offered then. */
const actsOnListedRows = (values: Record<string, unknown>) =>
  Object.entries(values).every(([key, value]) => !isSet(value) || ACTION_FILTERS.includes(key))

/** Approve, deny or hold the selected rows (all or none) or every row the filters match (where it may). */
const StatusButton = ({ action, scope }: { action: Action; scope: 'selected' | 'filtered' }) => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const refresh = useRefresh()
  const unselectAll = useUnselectAll(ROWS_RESOURCE)
  const { selectedIds, filterValues, total } = useListContext()
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)

  const run = async () => {
    setBusy(true)
    try {
      const body = {
        ...(scope === 'selected' ? { ids: selectedIds } : { filter: statusFilter(filterValues) }),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      }
      const { data } = await dataProvider.request<{ changed: number; refused: Record<string, number> }>(
        `${PAYOUTS_API}/rows/${action}`,
        { method: 'POST', body }
      )
      const left = Object.entries(data.refused ?? {})
        .filter(([why]) => why !== 'unchanged')
        .map(([why, count]) => `${count} ${translate(`payouts.refusals.${why}`, { _: why })}`)
      notify(
        translate(`payouts.actions.${action}_done`, { smart_count: data.changed }) +
          (left.length ? ` — ${translate('payouts.actions.left', { reasons: left.join(', ') })}` : ''),
        { type: 'info' }
      )
      setAsking(false)
      setReason('')
      unselectAll()
      refresh()
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(false)
    }
  }
  const label = translate(`payouts.actions.${action}${scope === 'filtered' ? '_filtered' : ''}`)
  return (
    <>
      <Button
        label={label}
        onClick={() => setAsking(true)}
        disabled={busy || (scope === 'filtered' && (!total || !actsOnListedRows(filterValues)))}
        data-testid={`rows-${action}-${scope}`}
      />
      <Dialog open={asking} onClose={() => setAsking(false)} fullWidth maxWidth="sm">
        <DialogTitle>{label}</DialogTitle>
        <DialogContent>
          <p>
            {scope === 'selected'
              ? translate('payouts.actions.selected_rows', { smart_count: selectedIds.length })
              : translate('payouts.actions.filtered_rows', { smart_count: total ?? 0 })}
          </p>
          {action !== 'approve' && (
            <TextField
              autoFocus
              fullWidth
              required={action === 'deny'}
              label={translate(`${FIELD}.reason`)}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'status-reason' } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setAsking(false)} />
          <Button
            label="ra.action.confirm"
            onClick={run}
            disabled={busy || (action === 'deny' && !reason.trim())}
            data-testid="status-confirm"
          />
        </DialogActions>
      </Dialog>
    </>
  )
}

const BulkActions = () => (
  <>
    <StatusButton action="approve" scope="selected" />
    <StatusButton action="deny" scope="selected" />
    <StatusButton action="hold" scope="selected" />
  </>
)

const Actions = ({ manage, network }: { manage: boolean; network: boolean }) => (
  <TopToolbar>
    <FilterButton filters={filtersFor(network)} />
    {manage && <StatusButton action="approve" scope="filtered" />}
  </TopToolbar>
)

export const RowList = () => {
  const translate = useTranslate()
  const { identity } = useGetIdentity()
  const network = identity !== undefined && identity.role !== 'affiliate'
  const manage = useAbility('payouts', 'manage')
  return (
    <List
      filters={filtersFor(network)}
      actions={<Actions manage={manage} network={network} />}
      sort={{ field: 'id', order: 'DESC' }}
      exporter={false}
      title={translate('payouts.rows.title')}
      empty={false}
    >
      <DataTable rowClick="show" bulkActionButtons={manage ? <BulkActions /> : false}>
        <DataTable.Col source="id" label={`${FIELD}.id`} />
        <DataTable.Col source="period" label={`${FIELD}.period`} />
        <DataTable.Col source="date" label={`${FIELD}.date`} />
        <DataTable.Col source="type" label={`${FIELD}.type`} field={RowTypeField} disableSort />
        <DataTable.Col source="status" label={`${FIELD}.status`} field={RowStatusField} disableSort />
        {network && (
          <DataTable.Col source="affiliateId" label={`${FIELD}.affiliateId`} disableSort>
            <ReferenceField source="affiliateId" reference="manage/affiliate" link={false} emptyText="—" />
          </DataTable.Col>
        )}
        <DataTable.Col source="campaignId" label={`${FIELD}.campaignId`} disableSort>
          <ReferenceField source="campaignId" reference="manage/campaign" link={false} emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="customerId" label={`${FIELD}.customerId`} disableSort />
        <DataTable.Col source="amount" label={`${FIELD}.amount`} field={RowAmountField} />
      </DataTable>
    </List>
  )
}
