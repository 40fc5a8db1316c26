import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { Box, Button as MuiButton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin'
import { ACCESS_API } from '../model'
import { CampaignStatusTag } from '../../shared/CampaignStatusField'

export interface AccessRequest {
  campaignId: number
  affiliateId: number
  affiliateName: string | null
  affiliateEmail: string | null
  status: 'pending' | 'approved' | 'rejected'
  answers: Array<{ question: string; answer: string | null }>
  createdAt: string
}

/** Access requests of a private campaign (spec §4 campaign access): answers, approve, reject. */
export const AccessTab = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const queryClient = useQueryClient()
  const queryKey = ['campaigns', 'access', record?.id]
  const { data: requests = [], isPending } = useQuery({
    queryKey,
    enabled: record?.id != null && record?.visibility === 'private',
    queryFn: async () =>
      (await dataProvider.request<AccessRequest[]>(ACCESS_API, { query: { campaignId: Number(record!.id) } })).data ??
      [],
  })

  if (record?.visibility !== 'private')
    return <Typography variant="body2">{translate('campaigns.access.public')}</Typography>

  const decide = async (request: AccessRequest, decision: 'approve' | 'reject') => {
    try {
      await dataProvider.request(`${ACCESS_API}/${request.campaignId}/${request.affiliateId}/${decision}`, {
        method: 'POST',
      })
      notify(decision === 'approve' ? 'campaigns.access.approved' : 'campaigns.access.rejected', { type: 'info' })
      await queryClient.invalidateQueries({ queryKey })
    } catch (failure) {
      notifyError(failure)
    }
  }

  if (!isPending && !requests.length)
    return <Typography variant="body2">{translate('campaigns.access.empty')}</Typography>
  return (
    <Table size="small" aria-label={translate('campaigns.tabs.access')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('campaigns.access.affiliate')}</TableCell>
          <TableCell>{translate('campaigns.access.status')}</TableCell>
          <TableCell>{translate('campaigns.access.answers')}</TableCell>
          <TableCell>{translate('campaigns.access.requested')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {requests.map((request) => (
          <TableRow key={request.affiliateId}>
            <TableCell>{request.affiliateName || request.affiliateEmail || `#${request.affiliateId}`}</TableCell>
            <TableCell>
              <CampaignStatusTag status={request.status} prefix="campaigns.access.statuses" />
            </TableCell>
            <TableCell>
              {request.answers.map((answer, index) => (
                <Typography key={index} variant="body2">
                  <strong>{answer.question}</strong> {answer.answer ?? '—'}
                </Typography>
              ))}
            </TableCell>
            <TableCell>{new Date(request.createdAt).toLocaleString()}</TableCell>
            <TableCell align="right">
              <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                {request.status !== 'approved' && (
                  <MuiButton onClick={() => decide(request, 'approve')}>
                    {translate('campaigns.access.approve')}
                  </MuiButton>
                )}
                {request.status !== 'rejected' && (
                  <MuiButton color="error" onClick={() => decide(request, 'reject')}>
                    {translate('campaigns.access.reject')}
                  </MuiButton>
                )}
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
