import { Box } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { Loading, Title, useTranslate } from 'react-admin'
import { currentAccount } from '../../session'
import { useApi } from '../api'
import { useAbilities } from '../shared/abilities'
import { ChildOrganizationsSection } from './ChildOrganizationsSection'
import type { Organization } from './organization'
import { PreferencesSection } from './PreferencesSection'
import { TimelineSection } from './TimelineSection'
import { pluginSectionsOf } from '../screen_tabs'

/** /manage/organization: preferences, the plugins' sections (the branding plugin's logos), child organisations, timeline. */
export const OrganizationScreen = () => {
  const translate = useTranslate()
  const api = useApi()
  const { can, permissions } = useAbilities()
  const { data: organization, isPending } = useQuery({
    queryKey: ['affix', 'organization'],
    queryFn: () => api.get<Organization>('/api/v1/organization'),
  })
  if (isPending) return <Loading />
  if (!organization) return null
  // Child organisations belong to the caller's own (home) organisation, not the one acted on.
  const homeIsParent = (currentAccount()?.org.type ?? organization.type) === 'parent'
  return (
    <Box sx={{ mt: 1, maxWidth: 1100 }}>
      <Title title={translate('affix.screens.organization.title')} />
      <PreferencesSection organization={organization} manage={can('organization', 'manage')} />
      {pluginSectionsOf('manage/organization', permissions).map(({ id, component: Shown }) => (
        <Shown key={id} />
      ))}
      <ChildOrganizationsSection isParent={homeIsParent} manage={can('organization', 'manage')} />
      <TimelineSection />
    </Box>
  )
}

export default OrganizationScreen
