/*
 * The pages of layout/sections.ts: /{section} shows its first tab the account may read (or
 * sends it home when it reads none); each tab's list shows the section's tabs above it; and a
 * resource's former path leads to its current one (bookmarks of /configuration/domains keep working).
 */
import { Box, Tab, Tabs, Typography } from '@mui/material'
import type { ComponentType, ReactElement, ReactNode } from 'react'
import { createElement, isValidElement } from 'react'
import {
  LinkBase,
  Navigate,
  ResourceContextProvider,
  useGetResourceLabel,
  useLocation,
  useResourceContext,
  useResourceDefinitions,
  useTranslate,
} from 'react-admin'
import { effectiveAbilities, hasAbility } from '../auth_provider'
import { subjectOfResource } from '../resource_registry'
import { homePath } from '../session'
import { SECTIONS, sectionTabs, type SectionName } from './sections'
import { useSession } from './useSession'

/** The tabs of `section` the account may read (enabled plugins' resources only), in order. */
function useReadableTabs(section: SectionName) {
  const { account, coid } = useSession()
  const definitions = useResourceDefinitions()
  const abilities = effectiveAbilities(account, coid)
  return sectionTabs(
    section,
    Object.values(definitions)
      .filter((definition) => definition.hasList && hasAbility(abilities, subjectOfResource(definition.name), 'read'))
      .map((definition) => ({
        name: definition.name,
        section: definition.options?.section as string | undefined,
        menuOrder: definition.options?.menuOrder as number | undefined,
      }))
  )
}

/**
 * /{section}: its first readable tab, shown at the section's own path (the address bar keeps
 * the product's path); the panel's home when it reads none of them.
 */
export const SectionIndex = ({
  section,
  lists,
}: {
  section: SectionName
  /** The list screen of each tab, by resource name. */
  lists: Record<string, ComponentType | ReactElement>
}) => {
  const { account } = useSession()
  const first = useReadableTabs(section).find((tab) => lists[tab.name])
  if (!first) return <Navigate to={homePath(account)} replace />
  return (
    <ResourceContextProvider value={first.name}>
      {createElement(listWithSectionTabs(first.name, section, lists[first.name]))}
    </ResourceContextProvider>
  )
}

/** The section's title and tabs, the current resource's tab selected. */
export const SectionTabs = ({ section }: { section: SectionName }) => {
  const translate = useTranslate()
  const getResourceLabel = useGetResourceLabel()
  const resource = useResourceContext()
  const tabs = useReadableTabs(section)
  const current = tabs.some((tab) => tab.name === resource) ? resource : false
  return (
    <Box sx={{ mt: 2 }} data-testid="section-tabs">
      <Typography variant="h5" component="h1">
        {translate(SECTIONS[section].label)}
      </Typography>
      <Tabs
        value={current}
        aria-label={translate(SECTIONS[section].label)}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.name}
            value={tab.name}
            label={getResourceLabel(tab.name, 2)}
            component={LinkBase}
            to={`/${tab.name}`}
          />
        ))}
      </Tabs>
    </Box>
  )
}

const render = (component: ComponentType | ReactElement): ReactNode =>
  isValidElement(component) ? component : createElement(component as ComponentType)

const withTabs = new Map<string, ComponentType>()

/** A section resource's list with the section's tabs above it (one component per resource, kept across renders). */
export function listWithSectionTabs(
  name: string,
  section: SectionName,
  list: ComponentType | ReactElement
): ComponentType {
  let component = withTabs.get(name)
  if (!component) {
    const SectionList = () => (
      <>
        <SectionTabs section={section} />
        {render(list)}
      </>
    )
    component = SectionList
    withTabs.set(name, component)
  }
  return component
}

/** /{former}/rest → /{name}/rest, query kept. */
export const ToCurrentPath = ({ former, name }: { former: string; name: string }) => {
  const { pathname, search } = useLocation()
  const rest = pathname.slice(former.length + 1)
  return <Navigate to={{ pathname: `/${name}${rest}`, search }} replace />
}
