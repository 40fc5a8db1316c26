import { Box, Typography } from '@mui/material'
import { PasswordInput, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin'
import { statusChoices } from '../shared/StatusField'
import { validateBrand } from './validation'

/** The brand form body shared by create and edit. */
export const BrandInputs = () => {
  const translate = useTranslate()
  const record = useRecordContext()
  const passwordHelp = record
    ? translate(record.hasPassword ? 'resources.brands.password_help.set' : 'resources.brands.password_help.unset')
    : translate('resources.brands.password_help.rule')

  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <Typography variant="h6" gutterBottom>
        {translate('resources.brands.sections.brand')}
      </Typography>
      <TextInput source="name" validate={validateBrand.name} fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextInput source="email" validate={validateBrand.email} fullWidth />
        <PasswordInput source="password" validate={validateBrand.password} helperText={passwordHelp} autoComplete="new-password" fullWidth />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextInput source="contact" type="tel" validate={validateBrand.contact} fullWidth />
        <TextInput source="website" validate={validateBrand.website} fullWidth />
      </Box>
      <SelectInput source="status" choices={statusChoices} defaultValue="active" />

      <Typography variant="h6" gutterBottom sx={{ mt: 2 }}>
        {translate('resources.brands.sections.company')}
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
