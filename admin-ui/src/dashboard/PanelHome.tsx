/* The affiliate home and the brand home (spec §2 "home differs by panel"). */
import { Box, Card, CardContent, Typography } from '@mui/material'
import { Title, useTranslate } from 'react-admin'
import { SectionErrorBoundary } from '../layout/SectionErrorBoundary'
import type { Account } from '../session'
import { Shortcuts } from './Shortcuts'

export const PanelHome = ({ kind, account }: { kind: 'affiliate' | 'brand'; account: Account }) => {
  const translate = useTranslate()
  const name = account.user.name ?? account.user.email
  return (
    <Box sx={{ mt: 2 }} data-testid={`${kind}-home`}>
      <Title title={translate('affix.layout.groups.home')} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2" gutterBottom>
            {translate('affix.home.welcome', { name })}
          </Typography>
          <Typography color="text.secondary">{translate(`affix.home.${kind}_intro`, { organization: account.org.name })}</Typography>
          <Typography variant="subtitle2" sx={{ mt: 3 }}>
            {translate('affix.home.shortcuts')}
          </Typography>
          <SectionErrorBoundary type="affix.home.shortcuts">
            <Shortcuts />
          </SectionErrorBoundary>
        </CardContent>
      </Card>
    </Box>
  )
}
