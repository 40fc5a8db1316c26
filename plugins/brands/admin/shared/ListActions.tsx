import type { ReactNode } from 'react'
import { CreateButton, FilterButton, TopToolbar } from 'react-admin'
import { ServerExportButton } from './ServerExportButton'

export const ListActions = ({ apiPath, children }: { apiPath: string; children?: ReactNode }) => (
  <TopToolbar>
    <FilterButton />
    {children}
    <CreateButton />
    <ServerExportButton apiPath={apiPath} />
  </TopToolbar>
)
