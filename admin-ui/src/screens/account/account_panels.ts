/*
 * What plugins hand to /account without the screen importing them (plugin_api re-exports
 * these; this module imports no plugin, so a plugin importing it makes no cycle): the
 * affiliates plugin's payment-info panel, and the address of a tab.
 */
import type { ComponentType } from 'react'

/** Core's own tabs; plugin tabs are named by their ScreenTab id. */
export type AccountTab = 'editProfile' | 'paymentInfo' | (string & {})
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

export const accountTabPath = (tab: AccountTab) => `/account?tab=${tab}`
