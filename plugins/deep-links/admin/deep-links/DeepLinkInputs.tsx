import { Box } from '@mui/material'
import { SelectInput, TextInput } from 'react-admin'
import { CampaignIdInput } from '@affix/admin-ui/plugin-api'
import { statusChoices, validateDeepLink } from './model'

export const DeepLinkInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 720 }}>
    <TextInput source="name" validate={validateDeepLink.name} fullWidth />
    <TextInput source="url" type="url" validate={validateDeepLink.url} fullWidth />
    <SelectInput source="status" choices={statusChoices} defaultValue="active" />
    <CampaignIdInput />
  </Box>
)
