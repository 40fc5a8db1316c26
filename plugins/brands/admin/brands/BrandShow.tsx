import {
  DataTable,
  DateField,
  EmailField,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField,
  UrlField,
} from 'react-admin'
import { StatusField } from '../shared/StatusField'
import { BrandPanels } from './BrandPanels'

export const BrandShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="name" />
      <EmailField source="email" emptyText="—" />
      <TextField source="contact" emptyText="—" />
      <StatusField source="status" />
      <UrlField source="website" emptyText="—" target="_blank" rel="noopener noreferrer" />
      <TextField source="companyName" emptyText="—" />
      <TextField source="companyAddress" emptyText="—" />
      <TextField source="companyCountry" emptyText="—" />
      <TextField source="companyTaxId" emptyText="—" />
      <DateField source="createdAt" showTime />
      <DateField source="updatedAt" showTime />
      <ReferenceManyField
        reference="manage/product"
        target="brandId"
        label="resources.manage/brand.fields.products"
        sort={{ field: 'name', order: 'ASC' }}
      >
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="status" field={StatusField} />
          <DataTable.Col source="createdAt" field={DateField} />
        </DataTable>
      </ReferenceManyField>
      <BrandPanels />
    </SimpleShowLayout>
  </Show>
)
