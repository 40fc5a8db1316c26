/*
 * The admin shell: react-admin with the Affix providers, the public pages (blank layout),
 * the core screens and the enabled plugins' resources and routes inside the layout.
 * Sidebar entries and route metadata (titles, abilities) are registered here from the
 * screens and the plugins, before the first render.
 */
import { useMemo } from 'react'
import { Admin, CustomRoutes, Navigate, reactRouterProvider } from 'react-admin'
import { createAuthProvider } from './auth_provider'
import { Dashboard } from './dashboard/Dashboard'
import { OnboardingHome } from './dashboard/OnboardingHome'
import { createDataProvider } from './data_provider'
import { downloadFile, httpClient } from './http_client'
import { createI18nProvider } from './i18n_provider'
import { AppLayout } from './layout/AppLayout'
import { AppNotification } from './layout/AppNotification'
import { ErrorPage } from './layout/ErrorPage'
import { RecordPageResource } from './layout/RecordPageResource'
import { listWithSectionTabs, SectionIndex, ToCurrentPath } from './layout/SectionTabs'
import { SECTIONS, type SectionName } from './layout/sections'
import { collectRoutePaths, registerMenuItems, registerRouteMetas, registerRoutePaths } from './layout/menu_registry'
import { createAppStore } from './layout/store'
import { appTheme } from './layout/theme'
import { useSession } from './layout/useSession'
import type { MenuGroup, Permissions } from './plugin_api'
import { installedPlugins, resourceRegistry, resourcesFor } from './plugins'
import { LoginPage, NotFoundPage, publicRoutes } from './public'
import { screenMenuItems, screenRouteMeta, screenRoutes } from './screens'
import { homePath } from './session'

// react-router's <Route>, taken from react-admin so it is the very copy <CustomRoutes> reads.
const { Route } = reactRouterProvider

const pluginResources = installedPlugins.flatMap((plugin) => plugin.resources)

/**
 * The frame's own routes inside the layout ('/' is react-admin's dashboard route: RootRedirect):
 * the pages of tabs (layout/sections.ts) and the former paths of renamed resources.
 */
const frameRoutes = [
  <Route key="home" path="/home" element={<OnboardingHome />} />,
  <Route key="insights-dashboard" path="/insights/dashboard" element={<Dashboard />} />,
  ...(Object.keys(SECTIONS) as SectionName[]).map((section) => (
    <Route
      key={`section:${section}`}
      path={`/${section}`}
      element={
        <SectionIndex
          section={section}
          lists={Object.fromEntries(
            pluginResources.flatMap(({ name, section: of, list }) => (of === section && list ? [[name, list]] : []))
          )}
        />
      }
    />
  )),
  ...pluginResources.flatMap(({ name, formerNames = [] }) =>
    formerNames.map((former) => (
      <Route key={`former:${former}`} path={`/${former}/*`} element={<ToCurrentPath former={former} name={name} />} />
    ))
  ),
]

registerRouteMetas([
  { path: '/home', title: 'affix.layout.menu.get_started', subject: 'dashboard' },
  { path: '/insights/dashboard', title: 'affix.layout.menu.dashboard', subject: 'dashboard' },
  // A section's page shows its first readable tab (each tab is guarded by its own subject).
  ...Object.entries(SECTIONS).map(([section, { label }]) => ({ path: `/${section}`, title: label })),
])
// Footer entries (groups "footer…") are the footer menu's own business (sidebar_items.footerMenu).
registerMenuItems(
  screenMenuItems
    .filter((item) => !item.group.startsWith('footer'))
    .map((item) => ({ ...item, group: item.group.toLowerCase() as MenuGroup }))
)
registerRouteMetas(screenRouteMeta)
for (const plugin of installedPlugins) {
  registerMenuItems((plugin.menuItems ?? []).map((item) => ({ plugin: plugin.id, ...item })))
  // A resource's path is its name: its pages are guarded by its subject (spec §6, path without parameters).
  registerRouteMetas(
    plugin.resources.map(({ name, subject }) => ({
      path: `/${name}`,
      title: `resources.${name}.name`,
      subject: subject ?? name,
      plugin: plugin.id,
    }))
  )
  registerRouteMetas((plugin.routeMeta ?? []).map((meta) => ({ ...meta, plugin: plugin.id })))
}
registerRoutePaths([
  '/',
  ...collectRoutePaths(frameRoutes),
  ...collectRoutePaths(screenRoutes),
  ...installedPlugins.flatMap((plugin) => collectRoutePaths(plugin.routes ?? [])),
])

const i18nProvider = createI18nProvider(installedPlugins)
const dataProvider = createDataProvider({ registry: resourceRegistry, httpClient, downloadFile })
const authProvider = createAuthProvider(httpClient)
const store = createAppStore()

/** Spec §6: a route the account may not open sends it home. */
const AccessDenied = () => <Navigate to={homePath()} replace />

/** Spec §2: the root path leads superadmins to their home and everyone else to the dashboard (or their landing). */
const RootRedirect = () => {
  const { account } = useSession()
  return <Navigate to={homePath(account)} replace />
}

export const App = () => {
  const { account } = useSession()
  const themeColor = account?.preference?.themeColor
  const theme = useMemo(() => appTheme(themeColor), [themeColor])
  return (
    <Admin
      title="Affix"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
      layout={AppLayout}
      loginPage={LoginPage}
      dashboard={RootRedirect}
      notification={AppNotification}
      error={ErrorPage}
      catchAll={NotFoundPage}
      accessDenied={AccessDenied}
      authenticationError={ErrorPage}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        {publicRoutes}
        {installedPlugins.flatMap((plugin) => plugin.publicRoutes ?? [])}
      </CustomRoutes>
      <CustomRoutes>
        {frameRoutes}
        {screenRoutes}
      </CustomRoutes>
      {(permissions: Permissions | undefined) => [
        ...resourcesFor(permissions).map(
          ({
            name,
            list,
            edit,
            create,
            show,
            icon,
            options,
            menuGroup,
            menuOrder,
            description,
            recordRepresentation,
            section,
          }) => (
            <RecordPageResource
              key={name}
              name={name}
              list={section && list ? listWithSectionTabs(name, section, list) : list}
              edit={edit}
              create={create}
              show={show}
              icon={icon}
              recordRepresentation={recordRepresentation}
              options={{ ...options, menuGroup, menuOrder, description, section }}
            />
          )
        ),
        <CustomRoutes key="plugin-routes">
          {installedPlugins
            .filter((plugin) => permissions?.enabledPlugins.includes(plugin.id))
            .flatMap((plugin) => plugin.routes ?? [])}
        </CustomRoutes>,
      ]}
    </Admin>
  )
}
