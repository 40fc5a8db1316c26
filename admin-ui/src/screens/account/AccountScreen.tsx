import { Box, Tab, Tabs } from '@mui/material'
import { useEffect } from 'react'
import { Loading, Title, useLocation, useNavigate, useTranslate } from 'react-admin'
import { useAbilities } from '../shared/abilities'
import { ProfileTab } from './ProfileTab'
import {
  accountPluginTabs,
  accountTabPath,
  getPaymentInfoPanel,
  resolveAccountTab,
  visibleAccountTabs,
  type AccountTab,
} from './tabs'

const CORE_TAB_LABELS: Record<string, string> = {
  editProfile: 'affix.screens.account.tabs.editProfile',
  paymentInfo: 'affix.screens.account.tabs.paymentInfo',
}

/** /account?tab=editProfile|<a plugin's tab, e.g. teamMembers>|paymentInfo */
export const AccountScreen = () => {
  const translate = useTranslate()
  const location = useLocation()
  const navigate = useNavigate()
  const { permissions, isPending } = useAbilities()
  const visible = visibleAccountTabs(permissions)
  const requested = new URLSearchParams(location.search).get('tab')
  const tab = resolveAccountTab(requested, visible)
  const pluginTabs = accountPluginTabs(permissions)
  const labelOf = (name: AccountTab) =>
    CORE_TAB_LABELS[name] ?? pluginTabs.find((candidate) => candidate.id === name)?.label ?? name
  const PluginTab = pluginTabs.find((candidate) => candidate.id === tab)?.component

  // An unknown or hidden tab is replaced in the address bar, so it always names what is shown.
  useEffect(() => {
    if (!isPending && requested !== tab) navigate(accountTabPath(tab), { replace: true })
  }, [isPending, requested, tab, navigate])

  if (isPending) return <Loading />
  const PaymentInfo = getPaymentInfoPanel()
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('affix.screens.account.title')} />
      <Tabs
        value={tab}
        onChange={(_event, next: AccountTab) => navigate(accountTabPath(next))}
        aria-label={translate('affix.screens.account.title')}
        sx={{ mb: 2 }}
      >
        {visible.map((name) => (
          <Tab
            key={name}
            value={name}
            label={translate(labelOf(name))}
            id={`account-tab-${name}`}
            aria-controls={`account-panel-${name}`}
          />
        ))}
      </Tabs>
      <div role="tabpanel" id={`account-panel-${tab}`} aria-labelledby={`account-tab-${tab}`}>
        {tab === 'editProfile' && <ProfileTab />}
        {PluginTab && <PluginTab />}
        {tab === 'paymentInfo' && PaymentInfo && <PaymentInfo />}
      </div>
    </Box>
  )
}

export default AccountScreen
