import { ListSubheader } from '@mui/material'
import { Fragment } from 'react'
import { Menu, useResourceDefinitions, useSidebarState, useTranslate } from 'react-admin'

const UNGROUPED = ''

/** The sidebar: dashboard, then the enabled resources under their plugins' menu groups. */
export const AppMenu = () => {
  const resources = useResourceDefinitions()
  const translate = useTranslate()
  const [sidebarOpen] = useSidebarState()

  const groups = new Map<string, string[]>()
  for (const resource of Object.values(resources)) {
    if (!resource.hasList) continue
    const group = (resource.options?.menuGroup as string | undefined) ?? UNGROUPED
    groups.set(group, [...(groups.get(group) ?? []), resource.name])
  }

  return (
    <Menu>
      <Menu.DashboardItem />
      {[...groups].map(([group, names]) => (
        <Fragment key={group}>
          {/* A collapsed sidebar shows icons only, so the section title would be cut off. */}
          {group !== UNGROUPED && sidebarOpen && (
            <ListSubheader disableSticky sx={{ lineHeight: '36px', background: 'transparent' }}>
              {translate(`affix.menu.${group}`, { _: group })}
            </ListSubheader>
          )}
          {names.map((name) => (
            <Menu.ResourceItem key={name} name={name} />
          ))}
        </Fragment>
      ))}
    </Menu>
  )
}
