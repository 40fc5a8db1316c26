import AddIcon from '@mui/icons-material/PersonAdd'
import { Dialog, DialogContent, DialogTitle } from '@mui/material'
import { useState } from 'react'
import {
  Button,
  DataTable,
  DateField,
  List,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useRefresh,
  useTranslate,
} from 'react-admin'
import { StatusChip, useAbilities, useApi, useFormSubmit } from '@affix/admin-ui/plugin-api'
import {
  NEW_MEMBER_DEFAULTS,
  TEAM_ROLES,
  roleChoices,
  toTeamMemberPayload,
  type TeamMember,
  type TeamMemberFormValues,
  TEAM_MEMBERS_RESOURCE,
} from './teamMembers'
import { TeamMemberInputs } from './TeamMemberInputs'

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" label="teamMembers.fields.role" choices={roleChoices} alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="teamMembers.fields.status"
    choices={['active', 'disabled', 'pending'].map((id) => ({ id, name: `affix.screens.status.${id}` }))}
    alwaysOn
  />,
]

export const teamMemberPath = (id: number | string) => `/account/team-member/${id}`

const RoleField = ({ record }: { record: TeamMember }) => {
  const translate = useTranslate()
  return (
    <>
      {(TEAM_ROLES as readonly string[]).includes(record.role)
        ? translate(`teamMembers.roles.${record.role}`)
        : record.role}
    </>
  )
}

/** /account?tab=teamMembers: sub-admins, AFMs and ADMs of the organisation. */
export const TeamMembersTab = () => {
  const [adding, setAdding] = useState(false)
  const { can } = useAbilities()
  const manage = can('team_members', 'manage')
  return (
    <>
      <List
        resource={TEAM_MEMBERS_RESOURCE}
        title={false}
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        exporter={false}
        empty={false}
        // The address bar keeps `?tab=teamMembers`: list parameters live in the store instead.
        disableSyncWithLocation
        actions={
          <TopToolbar>
            {manage && <Button label="teamMembers.add" onClick={() => setAdding(true)} startIcon={<AddIcon />} />}
          </TopToolbar>
        }
      >
        <DataTable rowClick={(id) => teamMemberPath(id)} bulkActionButtons={false}>
          <DataTable.Col source="name" label="teamMembers.fields.name" />
          <DataTable.Col source="email" label="teamMembers.fields.email" />
          <DataTable.Col
            source="role"
            label="teamMembers.fields.role"
            render={(record: TeamMember) => <RoleField record={record} />}
          />
          <DataTable.Col
            source="status"
            label="teamMembers.fields.status"
            render={(record: TeamMember) => <StatusChip status={record.status} />}
          />
          <DataTable.Col source="affiliateCount" label="teamMembers.fields.affiliateCount" disableSort />
          <DataTable.Col source="lastLoginAt" label="teamMembers.fields.lastLoginAt" field={DateField} />
        </DataTable>
      </List>
      {adding && <AddTeamMemberDialog onClose={() => setAdding(false)} />}
    </>
  )
}

const AddTeamMemberDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate()
  const api = useApi()
  const refresh = useRefresh()
  const submit = useFormSubmit(
    (values: TeamMemberFormValues) => api.post<TeamMember>('/api/v1/team-members', toTeamMemberPayload(values)),
    {
      success: 'teamMembers.created',
      onSuccess: () => {
        refresh()
        onClose()
      },
    }
  )
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="add-team-member-title">
      <DialogTitle id="add-team-member-title">{translate('teamMembers.add')}</DialogTitle>
      <DialogContent>
        <SimpleForm
          noValidate
          defaultValues={NEW_MEMBER_DEFAULTS}
          onSubmit={submit}
          toolbar={
            <Toolbar sx={{ gap: 1 }}>
              <SaveButton />
              <Button label="ra.action.cancel" onClick={onClose} />
            </Toolbar>
          }
          sx={{ p: 0 }}
        >
          <TeamMemberInputs />
        </SimpleForm>
      </DialogContent>
    </Dialog>
  )
}
