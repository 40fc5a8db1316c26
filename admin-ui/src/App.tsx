import { Admin, LoginWithEmail, Resource } from 'react-admin'
import { createAuthProvider } from './auth_provider'
import { Dashboard } from './dashboard/Dashboard'
import { createDataProvider } from './data_provider'
import { createHttpClient } from './http_client'
import { createI18nProvider } from './i18n_provider'
import { AppLayout } from './layout/AppLayout'
import type { Permissions } from './plugin_api'
import { installedPlugins, resourceRegistry, resourcesFor } from './plugins'

const i18nProvider = createI18nProvider(installedPlugins)
// Read the locale per request, so server messages follow the language menu.
const { httpClient, downloadFile } = createHttpClient({ getLocale: () => i18nProvider.getLocale() })
const dataProvider = createDataProvider({ registry: resourceRegistry, httpClient, downloadFile })
const authProvider = createAuthProvider(httpClient)

export const App = () => (
  <Admin
    title="Affix"
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    layout={AppLayout}
    loginPage={LoginWithEmail}
    dashboard={Dashboard}
    requireAuth
    disableTelemetry
  >
    {(permissions: Permissions | undefined) =>
      resourcesFor(permissions).map(({ name, list, edit, create, show, icon, options, menuGroup, recordRepresentation }) => (
        <Resource
          key={name}
          name={name}
          list={list}
          edit={edit}
          create={create}
          show={show}
          icon={icon}
          recordRepresentation={recordRepresentation}
          options={{ ...options, menuGroup }}
        />
      ))
    }
  </Admin>
)
