/* Buttons to the screens the sidebar offers this account (same rules, no dead links). */
import ViewListIcon from '@mui/icons-material/ViewList'
import { Button, Stack, Typography } from '@mui/material'
import { createElement } from 'react'
import { LinkBase, useGetResourceLabel, useResourceDefinitions, useTranslate } from 'react-admin'
import { registeredMenuItems } from '../layout/menu_registry'
import { resourceEntries, sidebarGroups } from '../layout/sidebar_items'
import { useSession } from '../layout/useSession'

export const Shortcuts = () => {
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
    <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
      {entries.map((entry) => (
        <Button
          key={entry.key}
          variant="outlined"
          component={LinkBase}
          to={entry.path}
          startIcon={createElement(entry.icon ?? ViewListIcon)}
        >
          {entry.resource ? getResourceLabel(entry.resource, 2) : translate(entry.label, { _: entry.label })}
        </Button>
      ))}
    </Stack>
  )
}
