import {
  DataTable,
  DateField,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  useGetList,
  useTranslate,
} from 'react-admin'
import { CORE_RESOURCES } from '../resources'
import type { ApiKey } from './apiKeys'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((id) => ({ id, name: id }))

interface ApiLogEntry {
  id: number
  apiKeyId: number
  method: string
  path: string
  status: number
  latencyMs: number
  ip: string
  createdAt: string
}

/** GET /api/v1/api-keys/logs: every call made with a key, paged, newest first. */
export const ApiLogTab = () => {
  const translate = useTranslate()
  // Key names for the filter and the table (an organisation has a handful of keys).
  const { data: keys = [] } = useGetList<ApiKey>(CORE_RESOURCES.apiKeys, {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  })
  const keyName = (id: number) => keys.find((key) => key.id === id)?.name ?? `#${id}`
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('affix.screens.api.log.search')} />,
    <SelectInput
      key="apiKeyId"
      source="apiKeyId"
      label="affix.screens.api.log.key"
      choices={keys.map((key) => ({ id: key.id, name: key.name }))}
      translateChoice={false}
      alwaysOn
    />,
    <SelectInput
      key="method"
      source="method"
      label="affix.screens.api.log.method"
      choices={METHODS}
      translateChoice={false}
      alwaysOn
    />,
    <NumberInput key="status" source="status" label="affix.screens.api.log.status" min={100} max={599} alwaysOn />,
  ]
  return (
    // Read under the keys' ability: the server checks api_keys:read for the log.
    <List
      resource={CORE_RESOURCES.apiLogs}
      title={false}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      empty={false}
      disableSyncWithLocation
      disableAuthentication
      actions={false}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="createdAt" label="affix.screens.api.log.when" field={DateField} />
        <DataTable.Col
          source="apiKeyId"
          label="affix.screens.api.log.key"
          disableSort
          render={(record: ApiLogEntry) => keyName(record.apiKeyId)}
        />
        <DataTable.Col source="method" label="affix.screens.api.log.method" disableSort />
        <DataTable.Col
          source="path"
          label="affix.screens.api.log.path"
          disableSort
          render={(record: ApiLogEntry) => <code>{record.path}</code>}
        />
        <DataTable.Col source="status" label="affix.screens.api.log.status" />
        <DataTable.Col source="latencyMs" label="affix.screens.api.log.latency" />
        <DataTable.Col source="ip" label="affix.screens.api.log.ip" disableSort />
      </DataTable>
    </List>
  )
}
