/*
 * The affiliate home and the brand home (spec §2 "home differs by panel"): what this panel
 * can do, one line per screen the account may open, in the words of the plugin that brings
 * the screen. The list grows as plugins land; nothing is promised that is not there.
 */
import ViewListIcon from '@mui/icons-material/ViewList'
import { Box, Card, CardContent, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material'
import { createElement } from 'react'
import { LinkBase, Title, useGetResourceLabel, useResourceDefinitions, useTranslate } from 'react-admin'
import { registeredMenuItems } from '../layout/menu_registry'
import { SectionErrorBoundary } from '../layout/SectionErrorBoundary'
import { resourceEntries, sidebarGroups, type SidebarEntry } from '../layout/sidebar_items'
import { useSession } from '../layout/useSession'
import type { Account } from '../session'

export type PanelKind = 'affiliate' | 'brand'

/** What an entry lets this panel do: its panel's own wording when the plugin gives one. */
export function entryDescription(
  entry: Pick<SidebarEntry, 'description'>,
  kind: PanelKind,
  translate: (key: string, options?: Record<string, unknown>) => string
): string | null {
  if (!entry.description) return null
  return translate(`${entry.description}_${kind}`, { _: translate(entry.description, { _: '' }) }) || null
}

const WhatYouCanDo = ({ kind }: { kind: PanelKind }) => {
  const translate = useTranslate()
  const getResourceLabel = useGetResourceLabel()
  const resources = useResourceDefinitions()
  const { account, coid } = useSession()
  const entries = sidebarGroups(registeredMenuItems(), resourceEntries(resources), { account, coid }).flatMap(
    ({ entries }) => entries
  )
  if (entries.length === 0)
    return (
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {translate('affix.home.no_shortcuts')}
      </Typography>
    )
  return (
    <List data-testid="panel-home-features">
      {entries.map((entry) => (
        <ListItemButton key={entry.key} component={LinkBase} to={entry.path} sx={{ borderRadius: 1 }}>
          <ListItemIcon sx={{ color: 'primary.main' }}>{createElement(entry.icon ?? ViewListIcon)}</ListItemIcon>
          <ListItemText
            primary={entry.resource ? getResourceLabel(entry.resource, 2) : translate(entry.label, { _: entry.label })}
            secondary={entryDescription(entry, kind, translate)}
            slotProps={{ primary: { sx: { fontWeight: 500 } } }}
          />
        </ListItemButton>
      ))}
    </List>
  )
}

export const PanelHome = ({ kind, account }: { kind: PanelKind; account: Account }) => {
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
          <Typography color="text.secondary">
            {translate(`affix.home.${kind}_intro`, { organization: account.org.name })}
          </Typography>
          <SectionErrorBoundary type="affix.home.shortcuts">
            <WhatYouCanDo kind={kind} />
          </SectionErrorBoundary>
        </CardContent>
      </Card>
    </Box>
  )
}
