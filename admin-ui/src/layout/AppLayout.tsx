import type { ReactNode } from 'react'
import { Layout } from 'react-admin'
import { AppMenu } from './AppMenu'

/** react-admin's layout (app bar with the language menu, sidebar) with the grouped menu. */
export const AppLayout = ({ children }: { children: ReactNode }) => <Layout menu={AppMenu}>{children}</Layout>
