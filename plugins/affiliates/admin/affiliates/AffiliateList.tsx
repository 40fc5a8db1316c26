import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import GroupIcon from '@mui/icons-material/GroupWork'
import ManagerIcon from '@mui/icons-material/SupervisorAccount'
import StatusIcon from '@mui/icons-material/ToggleOn'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import {
  AutocompleteInput,
  Button,
  CreateButton,
  DataTable,
  DateField,
  EmailField,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  required,
  useCanAccess,
  useDataProvider,
  useNavigate,
} from 'react-admin'
import { AffiliateStatusField } from '../shared/AffiliateStatusField'
import { BulkFormButton } from '../shared/BulkFormButton'
import { ServerExportButton } from '@affix/admin-ui/plugin-api'
import { GroupInput, ManagerInput } from './AffiliateSteps'
import { SETTABLE_STATUSES, statusChoices } from './model'
import { AFFILIATES_API, IMPORT_PATH } from './paths'

const nameText = (record: { name?: string | null; email?: string }) => record?.name || record?.email || ''

const affiliateFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label="affiliates.fields.status" choices={statusChoices()} alwaysOn />,
  <ReferenceInput key="groupId" source="groupId" reference="manage/affiliate-group">
    <AutocompleteInput label="affiliates.fields.groupId" optionText={nameText} filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <ReferenceInput key="managerId" source="managerId" reference="team_members">
    <AutocompleteInput
      label="affiliates.fields.managerId"
      optionText={nameText}
      filterToQuery={(q: string) => ({ q })}
    />
  </ReferenceInput>,
  <TextInput
    key="country"
    source="country"
    label="affiliates.fields.country"
    parse={(value: string) => value?.toUpperCase()}
  />,
]

const ImportButton = () => {
  const navigate = useNavigate()
  const { canAccess } = useCanAccess({ resource: 'affiliates', action: 'import' })
  const { canAccess: canManage } = useCanAccess({ resource: 'affiliates', action: 'manage' })
  if (!canAccess && !canManage) return null
  return (
    <Button label="affiliates.import.button" onClick={() => navigate(IMPORT_PATH)}>
      <UploadFileIcon />
    </Button>
  )
}

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <ImportButton />
    <CreateButton />
    <ServerExportButton apiPath={AFFILIATES_API} />
  </TopToolbar>
)

const BulkActions = () => {
  const dataProvider = useDataProvider<AffixDataProvider>()
  return (
    <>
      <BulkFormButton
        label="affiliates.actions.change_status"
        title="affiliates.actions.change_status_title"
        icon={<StatusIcon />}
        success="affiliates.notifications.status_changed"
        onSubmit={async (ids, { status }) => (await dataProvider.setStatus('manage/affiliate', { ids, status })).data}
      >
        <SelectInput
          source="status"
          label="affiliates.fields.status"
          choices={statusChoices(SETTABLE_STATUSES)}
          validate={required()}
          fullWidth
        />
      </BulkFormButton>
      <BulkFormButton
        label="affiliates.actions.assign_group"
        title="affiliates.actions.assign_group_title"
        icon={<GroupIcon />}
        success="affiliates.notifications.group_assigned"
        onSubmit={async (ids, { groupId }) =>
          (await dataProvider.request(`${AFFILIATES_API}/group`, { method: 'POST', body: { ids, groupId } })).data
        }
      >
        <GroupInput validate={required()} />
      </BulkFormButton>
      <BulkFormButton
        label="affiliates.actions.assign_manager"
        title="affiliates.actions.assign_manager_title"
        icon={<ManagerIcon />}
        success="affiliates.notifications.manager_assigned"
        onSubmit={async (ids, { managerId }) =>
          (
            await dataProvider.request(`${AFFILIATES_API}/manager`, {
              method: 'POST',
              body: { ids, managerId: managerId ?? null },
            })
          ).data
        }
      >
        <ManagerInput />
      </BulkFormButton>
    </>
  )
}

export const AffiliateList = () => (
  <List filters={affiliateFilters} actions={<ListActions />} sort={{ field: 'createdAt', order: 'DESC' }}>
    <DataTable rowClick="show" bulkActionButtons={<BulkActions />}>
      <DataTable.Col source="name" label="affiliates.fields.name" />
      <DataTable.Col source="email" label="affiliates.fields.email" field={EmailField} />
      <DataTable.Col source="status" label="affiliates.fields.status" field={AffiliateStatusField} />
      <DataTable.Col source="groupName" label="affiliates.fields.groupId" disableSort />
      <DataTable.Col source="managerName" label="affiliates.fields.managerId" disableSort />
      <DataTable.Col source="country" label="affiliates.fields.country" />
      <DataTable.Col source="currency" label="affiliates.fields.currency" />
      <DataTable.Col source="createdAt" label="affiliates.fields.createdAt" field={DateField} />
    </DataTable>
  </List>
)
