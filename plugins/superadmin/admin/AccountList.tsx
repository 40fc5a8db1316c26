import { DataTable, DateField, List, SearchInput, SelectInput, useTranslate } from 'react-admin'
import { StatusChip } from '@affix/admin-ui/plugin-api'
import { ACCOUNTS_RESOURCE, BILLING_STATES, ORG_TYPES, type AccountSummary } from './accounts'

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="type"
    source="type"
    label="superadmin.fields.type"
    choices={ORG_TYPES.map((id) => ({ id, name: `superadmin.types.${id}` }))}
    alwaysOn
  />,
  <SelectInput
    key="verified"
    source="verified"
    label="superadmin.fields.verified"
    choices={[
      { id: 'true', name: 'superadmin.verified_yes' },
      { id: 'false', name: 'superadmin.verified_no' },
    ]}
    alwaysOn
  />,
  <SelectInput
    key="billingState"
    source="billingState"
    label="superadmin.fields.billingState"
    choices={BILLING_STATES.map((id) => ({ id, name: `superadmin.billing.${id}` }))}
    alwaysOn
  />,
]

const TypeField = ({ record }: { record: AccountSummary }) => {
  const translate = useTranslate()
  return <>{translate(`superadmin.types.${record.type}`, { _: record.type })}</>
}

/** /superadmin/accounts: every organisation, paged, with filters. */
export const AccountList = () => {
  const translate = useTranslate()
  return (
    <List
      resource={ACCOUNTS_RESOURCE}
      title={translate('superadmin.accounts.title')}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={false}
    >
      <DataTable rowClick={(id) => `/superadmin/accounts/${id}`} bulkActionButtons={false}>
        <DataTable.Col source="id" label="affix.screens.common.id" />
        <DataTable.Col source="name" label="superadmin.fields.name" />
        <DataTable.Col
          source="type"
          label="superadmin.fields.type"
          disableSort
          render={(record: AccountSummary) => <TypeField record={record} />}
        />
        <DataTable.Col source="ownerEmail" label="superadmin.fields.owner" disableSort />
        <DataTable.Col source="usersCount" label="superadmin.fields.users" disableSort />
        <DataTable.Col
          source="billingState"
          label="superadmin.fields.billingState"
          disableSort
          render={(record: AccountSummary) => <StatusChip status={record.billingState} />}
        />
        <DataTable.Col
          source="panelLocked"
          label="superadmin.fields.panelLocked"
          disableSort
          render={(record: AccountSummary) => (record.panelLocked ? <StatusChip status="locked" /> : '—')}
        />
        <DataTable.Col
          source="verifiedAt"
          label="superadmin.fields.verified"
          disableSort
          render={(record: AccountSummary) => <StatusChip status={record.verifiedAt ? 'verified' : 'pending'} />}
        />
        <DataTable.Col source="createdAt" label="affix.screens.common.created" field={DateField} />
      </DataTable>
    </List>
  )
}

export default AccountList
