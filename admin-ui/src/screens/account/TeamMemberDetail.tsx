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
import { useApi, useFormSubmit, useNotifyError } from '../api'
import { useAbilities } from '../shared/abilities'
import { ConfirmButton } from '../shared/ConfirmButton'
import { formatDateTime } from '../shared/dates'
import { Section } from '../shared/Section'
import { StatusChip } from '../shared/StatusChip'
import { accountTabPath } from './tabs'
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
      success: 'affix.screens.team.saved',
      onSuccess: (saved) => {
        queryClient.setQueryData(['affix', 'team-member', memberId], saved)
        setFormKey((key) => key + 1)
      },
    }
  )

  const remove = async () => {
    try {
      await api.delete(path)
      notify('affix.screens.team.deleted', { type: 'info' })
      navigate(accountTabPath('teamMembers'))
    } catch (error) {
      notifyError(error)
    }
  }

  if (isPending) return <Loading />
  if (!member) return null
  return (
    <Box sx={{ mt: 1, maxWidth: 1000 }}>
      <Title title={translate('affix.screens.team.detail_title', { name: member.name ?? member.email })} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Button
          label="affix.screens.team.back"
          onClick={() => navigate(accountTabPath('teamMembers'))}
          startIcon={<BackIcon />}
        />
        {manage && !member.owner && (
          <ConfirmButton
            label="ra.action.delete"
            title="affix.screens.team.delete_title"
            content="affix.screens.team.delete_confirm"
            translateOptions={{ name: member.name ?? member.email }}
            onConfirm={remove}
            icon={<DeleteIcon />}
            color="error"
          />
        )}
      </Box>
      <Section title="affix.screens.team.details">
        <Box sx={{ display: 'flex', gap: 2, mb: 1, alignItems: 'center' }}>
          <StatusChip status={member.status} />
          {member.owner && <Typography variant="body2">{translate('affix.screens.team.owner')}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {translate('affix.screens.team.fields.lastLoginAt')}: {formatDateTime(member.lastLoginAt, locale)}
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
      success: 'affix.screens.team.affiliates.assigned',
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
    if (!values?.length) return 'affix.screens.team.affiliates.required'
    const bad = invalidIds(values)
    return bad.length ? { message: 'affix.screens.validation.ids', args: { ids: bad.join(', ') } } : undefined
  }

  return (
    <Section title="affix.screens.team.affiliates.title" subtitle="affix.screens.team.affiliates.help">
      {manage && (
        <SimpleForm
          noValidate
          key={formKey}
          onSubmit={assign}
          toolbar={
            <Toolbar>
              <SaveButton label="affix.screens.team.affiliates.assign" />
            </Toolbar>
          }
          sx={{ p: 0 }}
        >
          <TextArrayInput
            source="affiliateIds"
            label="affix.screens.team.affiliates.ids"
            helperText="affix.screens.team.affiliates.ids_help"
            validate={validateIds}
            fullWidth
          />
        </SimpleForm>
      )}
      {isPending ? (
        <Loading />
      ) : affiliates.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('affix.screens.team.affiliates.none')}
        </Typography>
      ) : (
        <Table size="small" aria-label={translate('affix.screens.team.affiliates.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('affix.screens.common.id')}</TableCell>
              <TableCell>{translate('affix.screens.team.fields.name')}</TableCell>
              <TableCell>{translate('affix.screens.team.fields.email')}</TableCell>
              <TableCell>{translate('affix.screens.team.fields.status')}</TableCell>
              <TableCell>{translate('affix.screens.team.affiliates.assignedAt')}</TableCell>
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
                      label="affix.screens.team.affiliates.unassign"
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
