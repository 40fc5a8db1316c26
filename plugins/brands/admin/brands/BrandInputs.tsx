import { Box, Typography } from '@mui/material'
import { SelectInput, TextInput, useTranslate } from 'react-admin'
import { statusChoices } from '../shared/StatusField'
import { validateBrand } from './validation'

/** The brand form body shared by create and edit. */
export const BrandInputs = () => {
  const translate = useTranslate()

  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <Typography variant="h6" gutterBottom>
        {translate('resources.manage/brand.sections.brand')}
      </Typography>
      <TextInput source="name" validate={validateBrand.name} fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextInput source="email" validate={validateBrand.email} fullWidth />
        <TextInput source="contact" type="tel" validate={validateBrand.contact} fullWidth />
      </Box>
      <TextInput source="website" validate={validateBrand.website} fullWidth />
      <SelectInput source="status" choices={statusChoices} defaultValue="active" />

      <Typography variant="h6" gutterBottom sx={{ mt: 2 }}>
        {translate('resources.manage/brand.sections.company')}
      </Typography>
      <TextInput source="companyName" validate={validateBrand.companyName} fullWidth />
      <TextInput source="companyAddress" validate={validateBrand.companyAddress} multiline fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextInput source="companyCountry" validate={validateBrand.companyCountry} fullWidth />
        <TextInput source="companyTaxId" validate={validateBrand.companyTaxId} fullWidth />
      </Box>
    </Box>
  )
}
