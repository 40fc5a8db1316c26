import BackIcon from '@mui/icons-material/ArrowBack'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import LinkOffIcon from '@mui/icons-material/LinkOff'
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  Button,
  Loading,
  SaveButton,
  SimpleForm,
  TextArrayInput,
  Title,
  Toolbar,
  useLocaleState,
  useNavigate,
  useNotify,
  useParams,
  useTranslate,
} from 'react-admin'
import {
  accountTabPath,
  ConfirmButton,
  formatDateTime,
  Section,
  StatusChip,
  useAbilities,
  useApi,
  useFormSubmit,
  useNotifyError,
} from '@affix/admin-ui/plugin-api'
import {
  invalidIds,
  toIds,
  toTeamMemberPayload,
  type AssignedAffiliate,
  type TeamMember,
  type TeamMemberFormValues,
} from './teamMembers'
import { TeamMemberInputs } from './TeamMemberInputs'

/** The form's view of a member: campaign ids as text chips, no password. */
const toFormRecord = (member: TeamMember) => ({
  ...member,
  reportScope: {
    affiliates: member.reportScope?.affiliates ?? 'all',
    campaigns: (member.reportScope?.campaigns ?? []).map(String),
    reports: member.reportScope?.reports ?? [],
  },
})

/** /account/team-member/:memberId — edit a member, assign and unassign affiliates, delete. */
export const TeamMemberDetail = () => {
  const { memberId } = useParams<{ memberId: string }>()
  const translate = useTranslate()
  const navigate = useNavigate()
  const notify = useNotify()
  const notifyError = useNotifyError()
  const api = useApi()
  const queryClient = useQueryClient()
  const { can } = useAbilities()
  const manage = can('team_members', 'manage')
  const [locale] = useLocaleState()
  const [formKey, setFormKey] = useState(0)
  const path = `/api/v1/team-members/${encodeURIComponent(memberId ?? '')}`
  const { data: member, isPending } = useQuery({
    queryKey: ['affix', 'team-member', memberId],
    queryFn: () => api.get<TeamMember>(path),
  })

  const save = useFormSubmit(
    async (values: TeamMemberFormValues) => {
      const payload = toTeamMemberPayload(values, member)
      return Object.keys(payload).length ? api.patch<TeamMember>(path, payload) : member
    },
    {
      success: 'teamMembers.saved',
      onSuccess: (saved) => {
        queryClient.setQueryData(['affix', 'team-member', memberId], saved)
        setFormKey((key) => key + 1)
      },
    }
  )

  const remove = async () => {
    try {
      await api.delete(path)
      notify('teamMembers.deleted', { type: 'info' })
      navigate(accountTabPath('teamMembers'))
    } catch (error) {
      notifyError(error)
    }
  }

  if (isPending) return <Loading />
  if (!member) return null
  return (
    <Box sx={{ mt: 1, maxWidth: 1000 }}>
      <Title title={translate('teamMembers.detail_title', { name: member.name ?? member.email })} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Button
          label="teamMembers.back"
          onClick={() => navigate(accountTabPath('teamMembers'))}
          startIcon={<BackIcon />}
        />
        {manage && !member.owner && (
          <ConfirmButton
            label="ra.action.delete"
            title="teamMembers.delete_title"
            content="teamMembers.delete_confirm"
            translateOptions={{ name: member.name ?? member.email }}
            onConfirm={remove}
            icon={<DeleteIcon />}
            color="error"
          />
        )}
      </Box>
      <Section title="teamMembers.details">
        <Box sx={{ display: 'flex', gap: 2, mb: 1, alignItems: 'center' }}>
          <StatusChip status={member.status} />
          {member.owner && <Typography variant="body2">{translate('teamMembers.owner')}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {translate('teamMembers.fields.lastLoginAt')}: {formatDateTime(member.lastLoginAt, locale)}
          </Typography>
        </Box>
        <SimpleForm
          noValidate
          key={formKey}
          record={toFormRecord(member)}
          onSubmit={save}
          disabled={!manage}
          toolbar={
            manage ? (
              <Toolbar>
                <SaveButton />
              </Toolbar>
            ) : (
              false
            )
          }
          sx={{ p: 0 }}
        >
          <TeamMemberInputs record={member} />
        </SimpleForm>
      </Section>
      <AssignedAffiliatesSection memberId={member.id} manage={manage} />
    </Box>
  )
}

const AssignedAffiliatesSection = ({ memberId, manage }: { memberId: number; manage: boolean }) => {
  const api = useApi()
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const notifyError = useNotifyError()
  const queryClient = useQueryClient()
  const [formKey, setFormKey] = useState(0)
  const path = `/api/v1/team-members/${memberId}/affiliates`
  const key = ['affix', 'team-member-affiliates', memberId]
  const { data: affiliates = [], isPending } = useQuery({
    queryKey: key,
    queryFn: () => api.get<AssignedAffiliate[]>(path),
  })

  const updated = (list: AssignedAffiliate[]) => {
    queryClient.setQueryData(key, list)
    // The member's affiliate count changes with it.
    void queryClient.invalidateQueries({ queryKey: ['affix', 'team-member'] })
  }
  const assign = useFormSubmit(
    (values: { affiliateIds?: Array<string | number> }) =>
      api.post<AssignedAffiliate[]>(path, { affiliateIds: toIds(values.affiliateIds) }),
    {
      success: 'teamMembers.affiliates.assigned',
      onSuccess: (list) => {
        updated(list)
        setFormKey((current) => current + 1)
      },
    }
  )
  const unassign = async (affiliateId: number) => {
    try {
      updated(await api.delete<AssignedAffiliate[]>(path, { affiliateIds: [affiliateId] }))
    } catch (error) {
      notifyError(error)
    }
  }
  const validateIds = (values: Array<string | number> | undefined) => {
    if (!values?.length) return 'teamMembers.affiliates.required'
    const bad = invalidIds(values)
    return bad.length ? { message: 'affix.screens.validation.ids', args: { ids: bad.join(', ') } } : undefined
  }

  return (
    <Section title="teamMembers.affiliates.title" subtitle="teamMembers.affiliates.help">
      {manage && (
        <SimpleForm
          noValidate
          key={formKey}
          onSubmit={assign}
          toolbar={
            <Toolbar>
              <SaveButton label="teamMembers.affiliates.assign" />
            </Toolbar>
          }
          sx={{ p: 0 }}
        >
          <TextArrayInput
            source="affiliateIds"
            label="teamMembers.affiliates.ids"
            helperText="teamMembers.affiliates.ids_help"
            validate={validateIds}
            fullWidth
          />
        </SimpleForm>
      )}
      {isPending ? (
        <Loading />
      ) : affiliates.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('teamMembers.affiliates.none')}
        </Typography>
      ) : (
        <Table size="small" aria-label={translate('teamMembers.affiliates.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('affix.screens.common.id')}</TableCell>
              <TableCell>{translate('teamMembers.fields.name')}</TableCell>
              <TableCell>{translate('teamMembers.fields.email')}</TableCell>
              <TableCell>{translate('teamMembers.fields.status')}</TableCell>
              <TableCell>{translate('teamMembers.affiliates.assignedAt')}</TableCell>
              {manage && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {affiliates.map((affiliate) => (
              <TableRow key={affiliate.id}>
                <TableCell>{affiliate.id}</TableCell>
                <TableCell>{affiliate.name ?? '—'}</TableCell>
                <TableCell>{affiliate.email}</TableCell>
                <TableCell>
                  <StatusChip status={affiliate.status} />
                </TableCell>
                <TableCell>{formatDateTime(affiliate.assignedAt, locale)}</TableCell>
                {manage && (
                  <TableCell align="right">
                    <Button
                      label="teamMembers.affiliates.unassign"
                      onClick={() => unassign(affiliate.id)}
                      startIcon={<LinkOffIcon />}
                    />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  )
}

export default TeamMemberDetail
