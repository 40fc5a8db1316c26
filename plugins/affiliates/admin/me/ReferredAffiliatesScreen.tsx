import { CopyButton, type AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { Loading, Title, useDataProvider, useTranslate } from 'react-admin'
import { ME_API } from '../affiliates/paths'
import { ReferredTable, type ReferredAffiliate } from '../affiliates/ReferredTab'

/**
 * The signed-in affiliate's referral link (GET /me: null while the network's signup form is
 * off, when the link would lead nowhere), to copy and share.
 */
const ReferralLinkCard = () => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const { data, isPending, error } = useQuery({
    queryKey: ['affiliates', 'me'],
    queryFn: async () => (await dataProvider.request<{ referralLink?: string | null }>(ME_API)).data ?? {},
  })
  if (isPending) return <Loading />
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>
  const link = data?.referralLink
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('affiliates.referred.link_title')}
        </Typography>
        {link ? (
          <>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {translate('affiliates.referred.link_help')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <code data-testid="referral-link">{link}</code>
              <CopyButton value={link} />
            </Stack>
          </>
        ) : (
          <Alert severity="info">{translate('affiliates.referred.signup_closed')}</Alert>
        )}
      </CardContent>
    </Card>
  )
}

/** /manage/referred-affiliates: the signed-in affiliate's referral link and the affiliates it referred. */
export const ReferredAffiliatesScreen = () => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const { data, isPending, error } = useQuery({
    queryKey: ['affiliates', 'me', 'referred'],
    queryFn: async () =>
      (await dataProvider.request<ReferredAffiliate[]>(`${ME_API}/referred`, { query: { limit: 100 } })).data ?? [],
  })
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('affiliates.referred.title')} />
      <ReferralLinkCard />
      <Card>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {translate('affiliates.referred.title')}
          </Typography>
          {isPending ? (
            <Loading />
          ) : error ? (
            <Alert severity="error">{(error as Error).message}</Alert>
          ) : (
            <ReferredTable rows={Array.isArray(data) ? data : []} linked={false} />
          )}
        </CardContent>
      </Card>
    </Box>
  )
}

export default ReferredAffiliatesScreen
