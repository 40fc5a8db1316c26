/*
 * Small building blocks every plugin's screens use, exported through the plugin API so a
 * plugin never copies them: lazily loaded screens, the server-error notice, file saving,
 * the server-side export button, the bulk status button and campaign inputs (shown once a
 * campaigns resource exists).
 */
import DownloadIcon from '@mui/icons-material/GetApp'
import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react'
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  Button,
  Loading,
  ReferenceArrayInput,
  ReferenceInput,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useResourceContext,
  useResourceDefinitions,
  useUnselectAll,
} from 'react-admin'
import type { AffixDataProvider } from './plugin_api'

export { EditButton, useEditPath } from './layout/RecordPageResource'

/**
 * A screen loaded on first use: the login page and the shell do not carry the plugin's
 * screens (Vite puts each in a chunk of its own).
 */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const Screen = lazy(async () => ({ default: await load() }))
  const LazyScreen = () => (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  )
  return LazyScreen
}

/**
 * react-admin puts a server's field errors under the inputs but, in pessimistic mode,
 * shows no notification for them (its "form is invalid" notice fires before the answer
 * arrives). This onError shows the server's own translated message instead; the form
 * still receives the field errors from the save.
 */
export function useNotifyServerError() {
  const notify = useNotify()
  return (error: unknown) => {
    const message = error instanceof Error && error.message ? error.message : 'ra.notification.http_error'
    notify(message, { type: 'error', messageArgs: { _: message } })
  }
}

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
      const query = new URLSearchParams({
        filter: JSON.stringify(filterValues ?? {}),
        sort: JSON.stringify([sort.field, sort.order]),
      })
      const { blob, fileName } = await dataProvider.downloadFile(`${apiPath}/export?${query}`)
      saveFile(blob, fileName)
      notify('affix.export.done', { type: 'info' })
    } catch (error) {
      notifyServerError(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button label="ra.action.export" onClick={exportAll} disabled={busy || total === 0} startIcon={<DownloadIcon />} />
  )
}

/*
 * Campaigns arrive with their own plugin. Until the account has a `campaigns` resource,
 * campaign inputs are not shown; once it does, they are fed by that resource through the
 * data provider.
 */
export const CAMPAIGNS_RESOURCE = 'manage/campaign'

export function useCampaignsAvailable(): boolean {
  const definitions = useResourceDefinitions()
  return CAMPAIGNS_RESOURCE in definitions
}

const campaignText = (record: { name?: string; title?: string; id?: unknown }) =>
  record?.name ?? record?.title ?? `#${record?.id}`
const toQuery = (q: string) => ({ q })

export const CampaignIdsInput = ({ source = 'campaignIds', label }: { source?: string; label?: string }) => {
  if (!useCampaignsAvailable()) return null
  return (
    <ReferenceArrayInput source={source} reference={CAMPAIGNS_RESOURCE}>
      <AutocompleteArrayInput label={label} optionText={campaignText} filterToQuery={toQuery} fullWidth />
    </ReferenceArrayInput>
  )
}

export const CampaignIdInput = ({ source = 'campaignId', label }: { source?: string; label?: string }) => {
  if (!useCampaignsAvailable()) return null
  return (
    <ReferenceInput source={source} reference={CAMPAIGNS_RESOURCE}>
      <AutocompleteInput label={label} optionText={campaignText} filterToQuery={toQuery} fullWidth />
    </ReferenceInput>
  )
}

/**
 * Sets the status of the selected rows in one request (POST <resource>/status), not one PUT
 * per row. `notification` is the plugin's message key, given smart_count = rows updated.
 */
export const BulkStatusButton = ({
  status,
  label,
  icon,
  notification,
}: {
  status: string
  label: string
  icon: ReactElement
  notification: string
}) => {
  const resource = useResourceContext()
  const { selectedIds } = useListContext()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const notifyServerError = useNotifyServerError()
  const refresh = useRefresh()
  const unselectAll = useUnselectAll(resource)
  const [saving, setSaving] = useState(false)

  const changeStatus = async () => {
    if (!resource) return
    setSaving(true)
    try {
      const { data } = await dataProvider.setStatus(resource, { ids: selectedIds, status })
      notify(notification, { type: 'info', messageArgs: { smart_count: data?.updated ?? selectedIds.length } })
      unselectAll()
      refresh()
    } catch (error) {
      notifyServerError(error)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Button label={label} onClick={changeStatus} disabled={saving || selectedIds.length === 0}>
      {icon}
    </Button>
  )
}
