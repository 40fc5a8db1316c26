/*
 * The sidebar content: the organisation's name and logo, the groups Home, Insights,
 * Engagements, Manage and Configuration with the entries the account may read (custom
 * routes of menu_registry and the enabled plugins' resources), and the footer menu.
 * A failure here shows "There was a problem rendering the sidebar." instead of the menu.
 */
import DefaultIcon from '@mui/icons-material/ViewList'
import { Avatar, Box, Divider, ListSubheader, Typography } from '@mui/material'
import { createElement, Fragment, useMemo } from 'react'
import { Menu, useGetResourceLabel, useResourceDefinitions, useSidebarState, useTranslate } from 'react-admin'
import type { Account } from '../session'
import { registeredMenuItems } from './menu_registry'
import { SectionErrorBoundary } from './SectionErrorBoundary'
import { coreMenuItems, resourceEntries, sidebarGroups } from './sidebar_items'
import { SidebarFooter } from './SidebarFooter'
import { useSession } from './useSession'

const OrganisationHeader = ({ account, open }: { account: Account | null; open: boolean }) => {
  const translate = useTranslate()
  if (!account) return null
  const { name, logoUrl, favIconUrl } = account.org
  const collapsedImage = favIconUrl ?? null
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: open ? 2 : 1.5, py: 1.5, minHeight: 56 }}
      data-testid="sidebar-organisation"
    >
      {open && logoUrl ? (
        <Box
          component="img"
          src={logoUrl}
          alt={translate('affix.layout.sidebar.logo_alt', { name })}
          sx={{ maxWidth: '100%', maxHeight: 48, objectFit: 'contain' }}
        />
      ) : (
        <Avatar
          variant="rounded"
          src={collapsedImage ?? undefined}
          alt={translate('affix.layout.sidebar.logo_alt', { name })}
          sx={{ width: 40, height: 40, bgcolor: 'primary.main' }}
        >
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
      )}
      {open && !logoUrl && (
        <Typography variant="subtitle1" noWrap title={name} sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
      )}
    </Box>
  )
}

const GroupedMenu = () => {
  const { account, coid } = useSession()
  const resources = useResourceDefinitions()
  const getResourceLabel = useGetResourceLabel()
  const translate = useTranslate()
  const [open] = useSidebarState()

  const groups = useMemo(
    () =>
      sidebarGroups([...coreMenuItems(account), ...registeredMenuItems()], resourceEntries(resources), {
        account,
        coid,
      }),
    [account, coid, resources]
  )

  return (
    <Menu
      sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden', mt: 0 }}
      aria-label={translate('affix.layout.sidebar.navigation')}
    >
      {groups.map(({ group, entries }, index) => (
        <Fragment key={group}>
          {/* A collapsed sidebar shows icons only: the section title becomes a divider. */}
          {open ? (
            <ListSubheader
              data-testid="sidebar-group"
              disableSticky
              sx={{ lineHeight: '32px', background: 'transparent', textTransform: 'uppercase', fontSize: 12 }}
            >
              {translate(`affix.layout.groups.${group}`)}
            </ListSubheader>
          ) : (
            index > 0 && <Divider sx={{ my: 0.5 }} />
          )}
          {entries.map((entry) => (
            <Menu.Item
              key={entry.key}
              to={entry.path}
              state={{ _scrollToTop: true }}
              primaryText={entry.resource ? getResourceLabel(entry.resource, 2) : entry.label}
              leftIcon={entry.icon ? createElement(entry.icon) : <DefaultIcon />}
            />
          ))}
        </Fragment>
      ))}
    </Menu>
  )
}

export const AppMenu = () => {
  const { account } = useSession()
  const [open] = useSidebarState()
  return (
    <SectionErrorBoundary message="affix.errors.sidebar">
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <OrganisationHeader account={account} open={open} />
        <Divider />
        <GroupedMenu />
        <SidebarFooter />
      </Box>
    </SectionErrorBoundary>
  )
}
