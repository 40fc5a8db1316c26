import { EditButton } from '@affix/admin-ui/plugin-api'
import {
  BooleanField,
  ChipField,
  DateField,
  ReferenceArrayField,
  Show,
  SimpleShowLayout,
  SingleFieldList,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin'
import { InUseNotice } from './GroupInputs'

const ShowActions = () => {
  const record = useRecordContext()
  return <TopToolbar>{record && !record.inUse && <EditButton />}</TopToolbar>
}

export const GroupShow = () => (
  <Show actions={<ShowActions />}>
    <SimpleShowLayout>
      <InUseNotice />
      <TextField source="name" label="affiliates.groups.fields.name" />
      <TextField source="description" label="affiliates.groups.fields.description" emptyText="—" />
      <TextField source="parentGroupName" label="affiliates.groups.fields.parentGroupId" emptyText="—" />
      <BooleanField source="inUse" label="affiliates.groups.fields.inUse" />
      <ReferenceArrayField
        source="affiliateIds"
        reference="manage/affiliate"
        label="affiliates.groups.fields.affiliateIds"
      >
        <SingleFieldList linkType="show">
          <ChipField source="name" />
        </SingleFieldList>
      </ReferenceArrayField>
      <DateField source="createdAt" label="affiliates.fields.createdAt" showTime />
    </SimpleShowLayout>
  </Show>
)
