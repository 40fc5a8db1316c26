/*
 * Who referred whom. The network: every affiliate that came through a referral, with its
 * referrer, searchable and filtered by referrer or status (GET /affiliates/referrals, its
 * team scope). An affiliate: the affiliates it referred (GET /me/referred, names only).
 */
import {
  AutocompleteInput,
  DataTable,
  DateField,
  EmailField,
  FunctionField,
  Link,
  List,
  Loading,
  ReferenceInput,
  SearchInput,
  SelectInput,
  useGetIdentity,
  useTranslate,
  type RaRecord,
} from 'react-admin'
import { ReferredAffiliatesScreen } from '../me/ReferredAffiliatesScreen'
import { SETTABLE_STATUSES, statusChoices } from '../affiliates/model'
import { AffiliateStatusField } from '../shared/AffiliateStatusField'

const FIELD = 'affiliates.fields'
const byQuery = (q: string) => ({ q })

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="referredBy" source="referredBy" reference="manage/affiliate" alwaysOn>
    <AutocompleteInput label="affiliates.referrals.referred_by" optionText="name" filterToQuery={byQuery} />
  </ReferenceInput>,
  <SelectInput key="status" source="status" label={`${FIELD}.status`} choices={statusChoices(SETTABLE_STATUSES)} />,
]

const AffiliateLink = ({ id, name }: { id: number | null | undefined; name: string | null | undefined }) =>
  id ? <Link to={`/manage/affiliate/${encodeURIComponent(id)}`}>{name || `#${id}`}</Link> : <>—</>

const NetworkReferrals = () => {
  const translate = useTranslate()
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      title={translate('affiliates.referred.title')}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="name" label={`${FIELD}.name`}>
          <FunctionField render={(record: RaRecord) => <AffiliateLink id={record.id as number} name={record.name} />} />
        </DataTable.Col>
        <DataTable.Col source="email" label={`${FIELD}.email`} field={EmailField} disableSort />
        <DataTable.Col source="status" label={`${FIELD}.status`} field={AffiliateStatusField} />
        <DataTable.Col source="referredById" label="affiliates.referrals.referred_by" disableSort>
          <FunctionField
            render={(record: RaRecord) => <AffiliateLink id={record.referredById} name={record.referredByName} />}
          />
        </DataTable.Col>
        <DataTable.Col source="createdAt" label="affiliates.referrals.joined" field={DateField} />
      </DataTable>
    </List>
  )
}

export const ReferralList = () => {
  const { identity, isPending } = useGetIdentity()
  if (isPending) return <Loading />
  return identity?.role === 'affiliate' ? <ReferredAffiliatesScreen /> : <NetworkReferrals />
}
