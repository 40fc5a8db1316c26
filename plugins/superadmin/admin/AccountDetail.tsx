import BackIcon from '@mui/icons-material/ArrowBack'
import VerifiedIcon from '@mui/icons-material/VerifiedUser'
import { Box, Chip, Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  BooleanInput,
  Button,
  Loading,
  SaveButton,
  SelectInput,
  AutocompleteInput,
  SimpleForm,
  Title,
  Toolbar,
  required,
  useLocaleState,
  useNavigate,
  useNotify,
  useParams,
  useTranslate,
} from 'react-admin'
import {
  ConfirmButton,
  formatDateTime,
  LoginAsButton,
  Section,
  StatusChip,
  useApi,
  useFormSubmit,
  useNotifyError,
} from '@affix/admin-ui/plugin-api'
import {
  BILLING_STATES,
  FEATURE_FLAGS,
  toAccountForm,
  toAccountPatch,
  type AccountChanges,
  type AccountDetail as Detail,
} from './accounts'

const TIME_ZONES = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].map((zone) => ({
  id: zone,
  name: zone,
}))

/** /superadmin/accounts/:accountId: one organisation; verify; billing, lock, onboarding and flags. */
export const AccountDetail = () => {
  const { accountId } = useParams<{ accountId: string }>()
  const translate = useTranslate()
  const navigate = useNavigate()
  const notify = useNotify()
  const notifyError = useNotifyError()
  const [locale] = useLocaleState()
  const api = useApi()
  const queryClient = useQueryClient()
  const [formKey, setFormKey] = useState(0)
  const key = ['affix', 'superadmin-account', accountId]
  const path = `/api/v1/superadmin/accounts/${encodeURIComponent(accountId ?? '')}`
  const { data: account, isPending } = useQuery({ queryKey: key, queryFn: () => api.get<Detail>(path) })

  const updated = (next: Detail) => {
    queryClient.setQueryData(key, next)
    setFormKey((current) => current + 1)
  }
  const save = useFormSubmit(
    async (values: AccountChanges) => {
      const patch = toAccountPatch(values, toAccountForm(account!))
      return Object.keys(patch).length ? api.patch<Detail>(path, patch) : account!
    },
    { success: 'superadmin.account.saved', onSuccess: updated }
  )
  const verify = async () => {
    try {
      updated(await api.post<Detail>(`${path}/verify`))
      notify('superadmin.account.verified', { type: 'success' })
    } catch (error) {
      notifyError(error)
    }
  }

  if (isPending) return <Loading />
  if (!account) return null
  const billingChoices = BILLING_STATES.map((id) => ({ id, name: `superadmin.billing.${id}` }))
  return (
    <Box sx={{ mt: 1, maxWidth: 1100 }}>
      <Title title={translate('superadmin.account.title', { name: account.name })} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Button
          label="superadmin.account.back"
          onClick={() => navigate('/superadmin/accounts')}
          startIcon={<BackIcon />}
        />
        {!account.verifiedAt && (
          <ConfirmButton
            label="superadmin.account.verify"
            title="superadmin.account.verify_title"
            content="superadmin.account.verify_confirm"
            translateOptions={{ name: account.name }}
            onConfirm={verify}
            icon={<VerifiedIcon />}
          />
        )}
      </Box>
      <Section title="superadmin.account.summary">
        <Grid container spacing={2}>
          {[
            ['superadmin.fields.name', account.name],
            ['superadmin.fields.type', translate(`superadmin.types.${account.type}`, { _: account.type })],
            ['superadmin.fields.owner', account.owner?.email ?? '—'],
            ['superadmin.fields.parent', account.parent?.name ?? '—'],
            ['affix.screens.common.created', formatDateTime(account.createdAt, locale)],
            [
              'superadmin.fields.verified',
              account.verifiedAt ? formatDateTime(account.verifiedAt, locale) : translate('superadmin.verified_no'),
            ],
            ['superadmin.fields.users', String(account.counts.users)],
            ['superadmin.account.children', String(account.counts.children)],
          ].map(([label, value]) => (
            <Grid key={label} size={{ xs: 12, sm: 6, md: 3 }}>
              <Typography variant="caption" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography>{value}</Typography>
            </Grid>
          ))}
        </Grid>
        <Box sx={{ mt: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {account.plugins.map((plugin) => (
            <Chip
              key={plugin.id}
              label={plugin.name}
              color={plugin.enabled ? 'primary' : 'default'}
              variant={plugin.enabled ? 'filled' : 'outlined'}
              size="small"
            />
          ))}
        </Box>
      </Section>
      <Section title="superadmin.account.settings">
        <SimpleForm
          noValidate
          key={formKey}
          record={toAccountForm(account)}
          onSubmit={save}
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
          sx={{ p: 0 }}
        >
          <Grid container columnSpacing={2} sx={{ width: '100%' }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <SelectInput
                source="billingState"
                label="superadmin.fields.billingState"
                choices={billingChoices}
                validate={required()}
                fullWidth
              />
              <AutocompleteInput
                source="timezone"
                label="superadmin.fields.timezone"
                choices={TIME_ZONES}
                validate={required()}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <BooleanInput source="panelLocked" label="superadmin.fields.panelLocked" />
              <BooleanInput source="onboardingPending" label="superadmin.fields.onboardingPending" />
              <BooleanInput source="network" label="superadmin.fields.network" />
              <BooleanInput source="reportsInstall" label="superadmin.fields.reportsInstall" />
            </Grid>
          </Grid>
          <Typography variant="subtitle1">{translate('superadmin.account.flags')}</Typography>
          <Grid container sx={{ width: '100%' }}>
            {FEATURE_FLAGS.map((flag) => (
              <Grid key={flag} size={{ xs: 12, sm: 6, md: 4 }}>
                <BooleanInput
                  source={`features.${flag}`}
                  label={translate(`superadmin.flags.${flag}`, { _: flag })}
                  helperText={false}
                />
              </Grid>
            ))}
          </Grid>
        </SimpleForm>
      </Section>
      <Section title="superadmin.account.admins">
        <Table size="small" aria-label={translate('superadmin.account.admins')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('affix.screens.team.fields.name')}</TableCell>
              <TableCell>{translate('affix.screens.team.fields.email')}</TableCell>
              <TableCell>{translate('affix.screens.team.fields.role')}</TableCell>
              <TableCell>{translate('affix.screens.team.fields.status')}</TableCell>
              <TableCell>{translate('affix.screens.team.fields.lastLoginAt')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {account.admins.map((admin) => (
              <TableRow key={admin.id}>
                <TableCell>
                  {admin.name ?? '—'}
                  {admin.owner && <Chip size="small" label={translate('affix.screens.team.owner')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>{admin.email}</TableCell>
                <TableCell>{admin.role}</TableCell>
                <TableCell>
                  <StatusChip status={admin.status} />
                </TableCell>
                <TableCell>{formatDateTime(admin.lastLoginAt, locale)}</TableCell>
                <TableCell align="right">
                  {admin.status === 'active' && <LoginAsButton userId={admin.id} role={admin.role} />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      {account.children.length > 0 && (
        <Section title="superadmin.account.children">
          <Table size="small" aria-label={translate('superadmin.account.children')}>
            <TableBody>
              {account.children.map((child) => (
                <TableRow
                  key={child.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => navigate(`/superadmin/accounts/${child.id}`)}
                >
                  <TableCell>{child.name}</TableCell>
                  <TableCell>{formatDateTime(child.createdAt, locale)}</TableCell>
                  <TableCell>
                    <StatusChip status={child.verifiedAt ? 'verified' : 'pending'} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      )}
    </Box>
  )
}

export default AccountDetail
