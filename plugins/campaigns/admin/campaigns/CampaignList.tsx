import ActivateIcon from '@mui/icons-material/PlayCircleOutlined'
import PauseIcon from '@mui/icons-material/PauseCircleOutlined'
import DisableIcon from '@mui/icons-material/HighlightOff'
import { ServerExportButton, BulkStatusButton } from '@affix/admin-ui/plugin-api'
import {
  AutocompleteInput,
  BooleanInput,
  BulkDeleteButton,
  CreateButton,
  DataTable,
  DateField,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  Navigate,
  TopToolbar,
  useCanAccess,
  useLocation,
} from 'react-admin'
import { BrandField } from '../shared/BrandField'
import { CampaignStatusField, FeaturedField, VisibilityField } from '../shared/CampaignStatusField'
import { CAMPAIGNS_API, featuredListSearch, statusChoices, visibilityChoices } from './model'

const filtersFor = (manage: boolean) => [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="resources.manage/campaign.fields.status"
    choices={statusChoices}
    alwaysOn
  />,
  <SelectInput
    key="visibility"
    source="visibility"
    label="resources.manage/campaign.fields.visibility"
    choices={visibilityChoices}
  />,
  <BooleanInput key="featured" source="featured" label="campaigns.featured.filter" />,
  ...(manage
    ? [
        <ReferenceInput key="brandId" source="brandId" reference="manage/brand">
          <AutocompleteInput
            label="resources.manage/campaign.fields.brandId"
            optionText="name"
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceInput>,
      ]
    : []),
]

const BulkActions = () => (
  <>
    <BulkStatusButton
      notification="campaigns.notifications.status_changed"
      status="active"
      label="campaigns.actions.activate"
      icon={<ActivateIcon />}
    />
    <BulkStatusButton
      notification="campaigns.notifications.status_changed"
      status="paused"
      label="campaigns.actions.pause"
      icon={<PauseIcon />}
    />
    <BulkStatusButton
      notification="campaigns.notifications.status_changed"
      status="disabled"
      label="campaigns.actions.disable"
      icon={<DisableIcon />}
    />
    <BulkDeleteButton mutationMode="pessimistic" />
  </>
)

const ListActions = ({ manage }: { manage: boolean }) => (
  <TopToolbar>
    <FilterButton />
    {manage && <CreateButton />}
    {manage && <ServerExportButton apiPath={CAMPAIGNS_API} />}
  </TopToolbar>
)

/** Campaigns; the featured ones with `?featured` (spec: featured campaigns). Affiliates: read-only, public or granted ones. */
export const CampaignList = () => {
  const { canAccess: manage = false } = useCanAccess({ resource: 'campaigns', action: 'manage' })
  const featuredSearch = featuredListSearch(useLocation().search)
  if (featuredSearch) return <Navigate to={{ search: featuredSearch }} replace />
  return (
    <List
      filters={filtersFor(manage)}
      actions={<ListActions manage={manage} />}
      sort={{ field: 'title', order: 'ASC' }}
    >
      <DataTable rowClick="show" bulkActionButtons={manage ? <BulkActions /> : false}>
        <DataTable.Col
          source="featured"
          label="resources.manage/campaign.fields.featured"
          field={FeaturedField}
          disableSort
        />
        <DataTable.Col source="title" label="resources.manage/campaign.fields.title" />
        <DataTable.Col source="brandId" label="resources.manage/campaign.fields.brandId">
          <BrandField link={false} />
        </DataTable.Col>
        <DataTable.Col source="status" label="resources.manage/campaign.fields.status" field={CampaignStatusField} />
        <DataTable.Col
          source="visibility"
          label="resources.manage/campaign.fields.visibility"
          field={VisibilityField}
          disableSort
        />
        <DataTable.Col source="currency" label="resources.manage/campaign.fields.currency" disableSort />
        <DataTable.Col source="createdAt" label="resources.manage/campaign.fields.createdAt" field={DateField} />
      </DataTable>
    </List>
  )
}
