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
import { requiredEmail, requiredText, validateText } from '@affix/admin-ui/plugin-api'
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
        <TextInput source="name" label="teamMembers.fields.name" validate={requiredText} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput source="email" type="email" label="teamMembers.fields.email" validate={requiredEmail} fullWidth />
      </Grid>
      <Grid size={{ xs: 12 }}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(record ? 'teamMembers.invitation_edit' : 'teamMembers.invitation_new')}
        </Alert>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput
          source="role"
          label="teamMembers.fields.role"
          choices={roleChoices}
          validate={required()}
          disabled={protectedMember}
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput
          source="status"
          label="teamMembers.fields.status"
          choices={statusChoices}
          validate={required()}
          disabled={protectedMember}
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput source="skype" label="teamMembers.fields.skype" validate={validateText} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput
          source="contactNumber"
          type="tel"
          label="teamMembers.fields.contactNumber"

          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12 }}>
        <Typography variant="subtitle1" sx={{ mt: 1 }}>
          {translate('teamMembers.scope.title')}
        </Typography>
        <RadioButtonGroupInput
          source="reportScope.affiliates"
          label="teamMembers.fields.affiliates"
          choices={affiliateScopeChoices}
        />
        <TextArrayInput
          source="reportScope.campaigns"
          label="teamMembers.fields.campaigns"
          helperText="teamMembers.campaigns_help"
          validate={validateCampaignIds}
          fullWidth
        />
        <CheckboxGroupInput source="reportScope.reports" label="teamMembers.fields.reports" choices={reportChoices} />
      </Grid>
    </Grid>
  )
}
