import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { Loading, Title, useLocaleState, useNavigate, useTranslate } from 'react-admin'
import { formatDateTime, Section, StatusChip, useApi } from '@affix/admin-ui/plugin-api'

interface HomeFigures {
  organizations: number
  verified: number
  unverified: number
  panelLocked: number
  billing: { active?: number; invoice_due?: number; trial_end?: number }
  users: number
  recent: Array<{ id?: number; name?: string; createdAt?: string; verifiedAt?: string | null }>
}

const Figure = ({ label, value, to }: { label: string; value: number; to?: string }) => {
  const translate = useTranslate()
  const navigate = useNavigate()
  const body = (
    <CardContent>
      <Typography variant="h4" component="p">
        {value.toLocaleString()}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(label)}
      </Typography>
    </CardContent>
  )
  return (
    <Card variant="outlined">{to ? <CardActionArea onClick={() => navigate(to)}>{body}</CardActionArea> : body}</Card>
  )
}

/** /superadmin/home: organisations, verification, billing states, users, the newest accounts. */
export const SuperadminHome = () => {
  const translate = useTranslate()
  const navigate = useNavigate()
  const [locale] = useLocaleState()
  const api = useApi()
  const { data, isPending } = useQuery({
    queryKey: ['affix', 'superadmin-home'],
    queryFn: () => api.get<HomeFigures>('/api/v1/superadmin/home'),
  })
  if (isPending) return <Loading />
  if (!data) return null
  const figures: Array<{ label: string; value: number; to?: string }> = [
    { label: 'superadmin.home.organizations', value: data.organizations, to: '/superadmin/accounts' },
    { label: 'superadmin.home.verified', value: data.verified },
    { label: 'superadmin.home.unverified', value: data.unverified },
    { label: 'superadmin.home.panelLocked', value: data.panelLocked },
    { label: 'superadmin.billing.active', value: data.billing.active ?? 0 },
    { label: 'superadmin.billing.invoice_due', value: data.billing.invoice_due ?? 0 },
    { label: 'superadmin.billing.trial_end', value: data.billing.trial_end ?? 0 },
    { label: 'superadmin.home.users', value: data.users },
  ]
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('superadmin.home.title')} />
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {figures.map((figure) => (
          <Grid key={figure.label} size={{ xs: 6, sm: 4, md: 3 }}>
            <Figure {...figure} />
          </Grid>
        ))}
      </Grid>
      <Section title="superadmin.home.recent">
        <Table size="small" aria-label={translate('superadmin.home.recent')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('superadmin.fields.name')}</TableCell>
              <TableCell>{translate('affix.screens.common.created')}</TableCell>
              <TableCell>{translate('superadmin.fields.verified')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.recent.map((account) => (
              <TableRow
                key={account.id}
                hover
                sx={{ cursor: 'pointer' }}
                onClick={() => account.id && navigate(`/superadmin/accounts/${account.id}`)}
              >
                <TableCell>{account.name}</TableCell>
                <TableCell>{formatDateTime(account.createdAt, locale)}</TableCell>
                <TableCell>
                  <StatusChip status={account.verifiedAt ? 'verified' : 'pending'} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
    </Box>
  )
}

export default SuperadminHome
