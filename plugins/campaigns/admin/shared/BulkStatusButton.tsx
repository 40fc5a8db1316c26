import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import type { ReactElement } from 'react'
import { useState } from 'react'
import { Button, useDataProvider, useListContext, useNotify, useRefresh, useResourceContext, useUnselectAll } from 'react-admin'

/** Sets the status of the selected campaigns in one request (POST <resource>/status). */
export const BulkStatusButton = ({ status, label, icon }: { status: string; label: string; icon: ReactElement }) => {
  const resource = useResourceContext()
  const { selectedIds } = useListContext()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const refresh = useRefresh()
  const unselectAll = useUnselectAll(resource)
  const [saving, setSaving] = useState(false)

  const changeStatus = async () => {
    if (!resource) return
    setSaving(true)
    try {
      const { data } = await dataProvider.setStatus(resource, { ids: selectedIds, status })
      notify('campaigns.notifications.status_changed', { type: 'info', messageArgs: { smart_count: data?.updated ?? selectedIds.length } })
      unselectAll()
      refresh()
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' })
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
