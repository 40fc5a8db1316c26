import type { ReactNode } from 'react'
import { CreateButton, FilterButton, TopToolbar } from 'react-admin'
import { ServerExportButton } from '@affix/admin-ui/plugin-api'

export const ListActions = ({ apiPath, children }: { apiPath: string; children?: ReactNode }) => (
  <TopToolbar>
    <FilterButton />
    {children}
    <CreateButton />
    <ServerExportButton apiPath={apiPath} />
  </TopToolbar>
)
