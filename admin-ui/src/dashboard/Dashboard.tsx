import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material'
import { createElement } from 'react'
import { LinkBase, Title, useCreatePath, useGetIdentity, useGetResourceLabel, useResourceDefinitions, useTranslate } from 'react-admin'
import { storedAccount } from '../auth_provider'

/** Welcome card: who is signed in, for which organisation, and shortcuts to the enabled screens. */
export const Dashboard = () => {
  const translate = useTranslate()
  const { identity } = useGetIdentity()
  const resources = useResourceDefinitions()
  const getResourceLabel = useGetResourceLabel()
  const createPath = useCreatePath()
  const account = storedAccount()
  const enabledPlugins = account?.plugins.filter((plugin) => plugin.enabled) ?? []
  const listed = Object.values(resources).filter((resource) => resource.hasList)

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('ra.page.dashboard')} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2" gutterBottom>
            {translate('affix.dashboard.welcome', { organization: account?.org.name ?? '' })}
          </Typography>
          {identity && account && (
            <Typography color="text.secondary" gutterBottom>
              {translate('affix.dashboard.signed_in_as', { name: identity.fullName ?? account.user.email, role: account.user.role })}
            </Typography>
          )}
          <Typography sx={{ mt: 2 }}>{translate('affix.dashboard.intro')}</Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
            {listed.map((resource) => (
              <Button
                key={resource.name}
                variant="outlined"
                component={LinkBase}
                to={createPath({ resource: resource.name, type: 'list' })}
                startIcon={resource.icon ? createElement(resource.icon) : undefined}
              >
                {getResourceLabel(resource.name, 2)}
              </Button>
            ))}
          </Stack>
          <Typography variant="subtitle2" sx={{ mt: 3 }}>
            {translate('affix.dashboard.plugins')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
            {enabledPlugins.length === 0 && <Typography color="text.secondary">{translate('affix.dashboard.no_plugins')}</Typography>}
            {enabledPlugins.map((plugin) => (
              <Chip key={plugin.id} label={plugin.name} />
            ))}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  )
}
