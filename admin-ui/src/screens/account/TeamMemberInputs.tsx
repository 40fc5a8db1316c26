import { Alert, Grid, Typography } from '@mui/material'
import {
  CheckboxGroupInput,
  RadioButtonGroupInput,
  SelectInput,
  TextArrayInput,
  TextInput,
  required,
  useTranslate,
} from 'react-admin'
import { requiredEmail, requiredText, validateText } from '../shared/validation'
import {
  affiliateScopeChoices,
  invalidIds,
  reportChoices,
  roleChoices,
  statusChoices,
  type TeamMember,
} from './teamMembers'

const validateCampaignIds = (values: Array<string | number> | undefined) =>
  invalidIds(values).length
    ? { message: 'affix.screens.validation.ids', args: { ids: invalidIds(values).join(', ') } }
    : undefined

/** The team member form body, for adding and editing; never a password (the member sets theirs from the invitation). */
export const TeamMemberInputs = ({ record }: { record?: TeamMember }) => {
  const translate = useTranslate()
  const protectedMember = Boolean(record?.owner)
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%' }}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput source="name" label="affix.screens.team.fields.name" validate={requiredText} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput
          source="email"
          type="email"
          label="affix.screens.team.fields.email"
          validate={requiredEmail}
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12 }}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(record ? 'affix.screens.team.invitation_edit' : 'affix.screens.team.invitation_new')}
        </Alert>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput
          source="role"
          label="affix.screens.team.fields.role"
          choices={roleChoices}
          validate={required()}
          disabled={protectedMember}
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput
          source="status"
          label="affix.screens.team.fields.status"
          choices={statusChoices}
          validate={required()}
          disabled={protectedMember}
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput source="skype" label="affix.screens.team.fields.skype" validate={validateText} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput
          source="contactNumber"
          type="tel"
          label="affix.screens.team.fields.contactNumber"

          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12 }}>
        <Typography variant="subtitle1" sx={{ mt: 1 }}>
          {translate('affix.screens.team.scope.title')}
        </Typography>
        <RadioButtonGroupInput
          source="reportScope.affiliates"
          label="affix.screens.team.fields.affiliates"
          choices={affiliateScopeChoices}
        />
        <TextArrayInput
          source="reportScope.campaigns"
          label="affix.screens.team.fields.campaigns"
          helperText="affix.screens.team.campaigns_help"
          validate={validateCampaignIds}
          fullWidth
        />
        <CheckboxGroupInput
          source="reportScope.reports"
          label="affix.screens.team.fields.reports"
          choices={reportChoices}
        />
      </Grid>
    </Grid>
  )
}
