import type { ReactNode } from 'react'
import { CreateButton, ExportButton, FilterButton, TopToolbar } from 'react-admin'

/** The API serves at most 500 rows per request, so exports ask for no more. */
export const MAX_EXPORT_ROWS = 500

export const ListActions = ({ children }: { children?: ReactNode }) => (
  <TopToolbar>
    <FilterButton />
    {children}
    <CreateButton />
    <ExportButton maxResults={MAX_EXPORT_ROWS} />
  </TopToolbar>
)
