/*
 * Tabs and sections plugins add to core screens (AdminPlugin.screenTabs, screenSections): a
 * screen lists its own, then these, for the plugins enabled in the account's organisation
 * whose ability the account has.
 */
import type { AdminPlugin, Permissions, ScreenSection, ScreenTab, SectionedScreen, TabbedScreen } from '../plugin_api'
import { installedPlugins } from '../plugins'
import { can, pluginEnabled } from './shared/abilities'

export function pluginTabsOf(
  screen: TabbedScreen,
  permissions: Permissions | undefined,
  plugins: AdminPlugin[] = installedPlugins
): ScreenTab[] {
  return plugins
    .filter((plugin) => pluginEnabled(permissions, plugin.id))
    .flatMap((plugin) => plugin.screenTabs ?? [])
    .filter(
      (tab) => tab.screen === screen && can(permissions, tab.subject, tab.action === 'manage' ? 'manage' : 'read')
    )
}

export function pluginSectionsOf(
  screen: SectionedScreen,
  permissions: Permissions | undefined,
  plugins: AdminPlugin[] = installedPlugins
): ScreenSection[] {
  return plugins
    .filter((plugin) => pluginEnabled(permissions, plugin.id))
    .flatMap((plugin) => plugin.screenSections ?? [])
    .filter(
      (section) =>
        section.screen === screen && can(permissions, section.subject, section.action === 'manage' ? 'manage' : 'read')
    )
}
