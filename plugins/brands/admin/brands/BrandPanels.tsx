import { LoginAsButton, useNotifyServerError, type AffixDataProvider } from '@affix/admin-ui/plugin-api'
import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useCanAccess, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin'

export interface BrandPanel {
  userId: number
  brandId: number
  email: string
  name: string | null
  status: string
  hasPassword: boolean
  linkedAt: string
}

const BRANDS_API = '/api/v1/brands/brands'

/**
 * The brand's people (spec §3, §6): brand panels linked to the brand, each logging in with its
 * own password and seeing only this brand. The network invites a person here (the invitation
 * is mailed; they choose their password), logs in as a panel, or unlinks it.
 */
export const BrandPanels = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const notify = useNotify()
  const notifyServerError = useNotifyServerError()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const queryClient = useQueryClient()
  const { canAccess: canManage = false } = useCanAccess({ resource: 'brands', action: 'manage' })
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const key = ['brands', record?.id, 'panels']
  const { data: panels = [] } = useQuery({
    queryKey: key,
    enabled: Boolean(record?.id) && canManage,
    queryFn: async () => (await dataProvider.request<BrandPanel[]>(`${BRANDS_API}/${record!.id}/panels`)).data ?? [],
  })
  if (!record || !canManage) return null

  const invite = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await dataProvider.request(`${BRANDS_API}/${record.id}/panels`, {
        method: 'POST',
        body: { email, ...(name.trim() ? { name } : {}) },
      })
      notify('brands.panels.invited', { type: 'success', messageArgs: { email } })
      setEmail('')
      setName('')
      await queryClient.invalidateQueries({ queryKey: key })
    } catch (failure) {
      const fields = (failure as { body?: { errors?: Record<string, string> } })?.body?.errors
      setError(fields?.email ?? (failure instanceof Error ? failure.message : null))
    } finally {
      setBusy(false)
    }
  }
  const unlink = async (panel: BrandPanel) => {
    try {
      await dataProvider.request(`${BRANDS_API}/${record.id}/panels/${panel.userId}`, { method: 'DELETE' })
      notify('brands.panels.unlinked', { type: 'info', messageArgs: { email: panel.email } })
      await queryClient.invalidateQueries({ queryKey: key })
    } catch (failure) {
      notifyServerError(failure)
    }
  }

  return (
    <Box component="section" aria-label={translate('brands.panels.title')} sx={{ mt: 2 }}>
      <Typography variant="subtitle1">{translate('brands.panels.title')}</Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('brands.panels.help')}
      </Typography>
      {panels.length ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('brands.panels.name')}</TableCell>
              <TableCell>{translate('brands.panels.email')}</TableCell>
              <TableCell>{translate('brands.panels.state')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {panels.map((panel) => (
              <TableRow key={panel.userId}>
                <TableCell>{panel.name ?? '—'}</TableCell>
                <TableCell>{panel.email}</TableCell>
                <TableCell>
                  {translate(panel.hasPassword ? 'brands.panels.signed_up' : 'brands.panels.invited_pending')}
                </TableCell>
                <TableCell align="right">
                  <LoginAsButton userId={panel.userId} role="brand" label="brands.panels.login_as" />
                  <Button size="small" onClick={() => unlink(panel)}>
                    {translate('brands.panels.unlink')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2">{translate('brands.panels.none')}</Typography>
      )}
      <Stack component="form" direction="row" spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }} onSubmit={invite}>
        <TextField
          size="small"
          type="email"
          required
          label={translate('brands.panels.email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
        <TextField
          size="small"
          label={translate('brands.panels.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          helperText=" "
        />
        <Button type="submit" variant="contained" disabled={busy || !email.trim()}>
          {translate('brands.panels.invite')}
        </Button>
      </Stack>
    </Box>
  )
}
