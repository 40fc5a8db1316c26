import { Box } from '@mui/material'
import { AutocompleteInput, maxLength, ReferenceInput, required, SelectInput, TextInput } from 'react-admin'
import { statusChoices } from '../shared/StatusField'

/** The product form body shared by create and edit. */
export const ProductInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 720 }}>
    <TextInput source="name" validate={[required(), maxLength(350)]} />
    <ReferenceInput source="brandId" reference="manage/brand" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput validate={required()} />
    </ReferenceInput>
    <SelectInput source="status" choices={statusChoices} defaultValue="active" />
  </Box>
)

/** Only the writable fields go to the API. */
export const toProductPayload = ({ name, brandId, status }: Record<string, unknown>) => ({ name, brandId, status })
