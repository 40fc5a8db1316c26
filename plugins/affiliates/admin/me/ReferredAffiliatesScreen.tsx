import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { Alert, Box, Card, CardContent, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { Loading, Title, useDataProvider, useTranslate } from 'react-admin'
import { ME_API } from '../affiliates/paths'
import { ReferredTable, type ReferredAffiliate } from '../affiliates/ReferredTab'

/** /manage/referred-affiliates: the affiliates the signed-in affiliate referred. */
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
