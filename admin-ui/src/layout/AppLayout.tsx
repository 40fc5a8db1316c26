/*
 * The logged-in layout: react-admin's Layout with the Affix app bar, the collapsible
 * sidebar (grouped menu and footer), the render-error page, the banners (offline, new
 * version, login-as), the redirect rules (RouteGuard) and page titles.
 */
import type { ReactNode } from 'react'
import { Layout } from 'react-admin'
import { AppAppBar } from './AppAppBar'
import { AppMenu } from './AppMenu'
import { AppSidebar } from './AppSidebar'
import { Banners } from './Banners'
import { DocumentTitle } from './DocumentTitle'
import { ErrorPage } from './ErrorPage'
import { RouteGuard } from './RouteGuard'

export const AppLayout = ({ children }: { children: ReactNode }) => (
  <Layout
    appBar={AppAppBar}
    sidebar={AppSidebar}
    menu={AppMenu}
    error={ErrorPage}
    // A flex item never shrinks below its content by default: wide tabs or tables would push
    // the page past the window instead of scrolling inside it.
    sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
  >
    <DocumentTitle />
    <Banners />
    <RouteGuard>{children}</RouteGuard>
  </Layout>
)
