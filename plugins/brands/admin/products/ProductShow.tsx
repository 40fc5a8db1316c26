import { DateField, ReferenceField, Show, SimpleShowLayout, TextField } from 'react-admin'
import { StatusField } from '../shared/StatusField'

export const ProductShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="name" />
      <ReferenceField source="brandId" reference="manage/brand" link="show" />
      <StatusField source="status" />
      <DateField source="createdAt" showTime />
      <DateField source="updatedAt" showTime />
    </SimpleShowLayout>
  </Show>
)
