/*
 * The tabs of /account (spec §2), chosen by the `tab` query key. A tab the caller may not
 * see (team members without the ability, payment info without the affiliates plugin or for
 * anyone but an affiliate) is
 * not offered, and asking for it lands on the profile.
 */
import type { ComponentType } from 'react'
import type { Permissions } from '../../plugin_api'
import { can, pluginEnabled } from '../shared/abilities'

export const ACCOUNT_TABS = ['editProfile', 'teamMembers', 'paymentInfo'] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]
export const DEFAULT_ACCOUNT_TAB: AccountTab = 'editProfile'

/**
 * The payment details of an affiliate belong to the affiliates plugin: it provides this
 * panel when it is installed. Without it (or with the plugin disabled) there is no tab.
 */
let paymentInfoPanel: ComponentType | null = null

export function providePaymentInfoPanel(panel: ComponentType | null) {
  paymentInfoPanel = panel
}

export function getPaymentInfoPanel(): ComponentType | null {
  return paymentInfoPanel
}

export function visibleAccountTabs(
  permissions: Permissions | undefined,
  hasPaymentPanel = Boolean(paymentInfoPanel)
): AccountTab[] {
  const tabs: AccountTab[] = ['editProfile']
  if (can(permissions, 'team_members', 'read')) tabs.push('teamMembers')
  // An affiliate's own payment details: the affiliates plugin grants `affiliates.self` to affiliates only.
  if (hasPaymentPanel && pluginEnabled(permissions, 'affiliates') && can(permissions, 'affiliates.self', 'manage')) {
    tabs.push('paymentInfo')
  }
  return tabs
}

/** The tab to show for `?tab=<requested>`: the requested one when visible, else the profile. */
export function resolveAccountTab(requested: string | null, visible: AccountTab[]): AccountTab {
  return visible.includes(requested as AccountTab) ? (requested as AccountTab) : DEFAULT_ACCOUNT_TAB
}

export const accountTabPath = (tab: AccountTab) => `/account?tab=${tab}`
