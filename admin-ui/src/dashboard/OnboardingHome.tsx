/*
 * /home, the landing of an organisation whose onboarding is pending (spec §2, §4): what
 * to do next, as the recommended actions. Others are sent to their own home.
 */
import { Box, Typography } from '@mui/material'
import { Navigate, Title, useTranslate } from 'react-admin'
import { SectionErrorBoundary } from '../layout/SectionErrorBoundary'
import { useSession } from '../layout/useSession'
import { homePath } from '../session'
import { RecommendedActions } from './RecommendedActions'

export const OnboardingHome = () => {
  const translate = useTranslate()
  const { account } = useSession()
  if (!account) return null
  if (!account.onboardingPending) return <Navigate to={homePath(account)} replace />
  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 900 }} data-testid="onboarding-home">
      <Title title={translate('affix.layout.menu.get_started')} />
      <Typography variant="h5" component="h1">
        {translate('affix.home.onboarding.title', { organization: account.org.name })}
      </Typography>
      <Typography color="text.secondary">{translate('affix.home.onboarding.intro')}</Typography>
      <SectionErrorBoundary type="affix.home.recommended">
        <RecommendedActions account={account} />
      </SectionErrorBoundary>
    </Box>
  )
}
