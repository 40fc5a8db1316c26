/*
 * The tabs of /account (spec §2), chosen by the `tab` query key: the profile, the tabs plugins
 * add (AdminPlugin.screenTabs on screen 'account', e.g. the team-members plugin's
 * ?tab=teamMembers), then payment info. A tab the caller may not see (a plugin tab without its
 * plugin or ability, payment info without the affiliates plugin or for anyone but an
 * affiliate) is not offered, and asking for it lands on the profile.
 */
import type { AdminPlugin, Permissions, ScreenTab } from '../../plugin_api'
import { installedPlugins } from '../../plugins'
import { can, pluginEnabled } from '../shared/abilities'
import { pluginTabsOf } from '../screen_tabs'
import { DEFAULT_ACCOUNT_TAB, getPaymentInfoPanel, type AccountTab } from './account_panels'

export {
  accountTabPath,
  DEFAULT_ACCOUNT_TAB,
  getPaymentInfoPanel,
  providePaymentInfoPanel,
  type AccountTab,
} from './account_panels'

/** The tabs plugins add to /account that the caller sees. */
export function accountPluginTabs(
  permissions: Permissions | undefined,
  plugins: AdminPlugin[] = installedPlugins
): ScreenTab[] {
  return pluginTabsOf('account', permissions, plugins)
}

export function visibleAccountTabs(
  permissions: Permissions | undefined,
  hasPaymentPanel = Boolean(getPaymentInfoPanel()),
  plugins: AdminPlugin[] = installedPlugins
): AccountTab[] {
  const tabs: AccountTab[] = ['editProfile', ...accountPluginTabs(permissions, plugins).map((tab) => tab.id)]
  // An affiliate's own payment details: the affiliates plugin grants `affiliates.self` to affiliates only.
  if (hasPaymentPanel && pluginEnabled(permissions, 'affiliates') && can(permissions, 'affiliates.self', 'manage')) {
    tabs.push('paymentInfo')
  }
  return tabs
}

/** The tab to show for `?tab=<requested>`: the requested one when visible, else the profile. */
export function resolveAccountTab(requested: string | null, visible: AccountTab[]): AccountTab {
  return requested && visible.includes(requested) ? requested : DEFAULT_ACCOUNT_TAB
}
