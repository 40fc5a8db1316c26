import DownloadIcon from '@mui/icons-material/GetApp'
import { useState } from 'react'
import { Button, useDataProvider, useListContext, useNotify } from 'react-admin'
import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from './useNotifyServerError'

/** Saves a downloaded blob under its file name. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

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
      notify('affix.export.done', { type: 'info' })
    } catch (error) {
      notifyServerError(error)
    } finally {
      setBusy(false)
    }
  }
  return <Button label="ra.action.export" onClick={exportAll} disabled={busy || total === 0} startIcon={<DownloadIcon />} />
}
