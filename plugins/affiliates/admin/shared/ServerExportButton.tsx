import DownloadIcon from '@mui/icons-material/GetApp'
import { useState } from 'react'
import { Button, useDataProvider, useListContext, useNotify } from 'react-admin'
import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { saveFile } from './saveFile'
import { useNotifyServerError } from './useNotifyServerError'

/**
 * Export on the server (all matching rows, not one page): the list's current filters and
 * sort go to `<apiPath>/export`; the file also lands in the user's downloads history.
 */
export const ServerExportButton = ({ apiPath }: { apiPath: string }) => {
  const { filterValues, sort, total } = useListContext()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const notifyServerError = useNotifyServerError()
  const [busy, setBusy] = useState(false)
  const exportAll = async () => {
    setBusy(true)
    try {
      const query = new URLSearchParams({ filter: JSON.stringify(filterValues ?? {}), sort: JSON.stringify([sort.field, sort.order]) })
      const { blob, fileName } = await dataProvider.downloadFile(`${apiPath}/export?${query}`)
      saveFile(blob, fileName)
      notify('affiliates.notifications.exported', { type: 'info' })
    } catch (error) {
      notifyServerError(error)
    } finally {
      setBusy(false)
    }
  }
  return <Button label="ra.action.export" onClick={exportAll} disabled={busy || total === 0} startIcon={<DownloadIcon />} />
}
