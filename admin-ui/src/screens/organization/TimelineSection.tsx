import { Box, Typography } from '@mui/material'
import { DataTable, DateField, ListBase, Pagination, useTranslate } from 'react-admin'
import { CORE_RESOURCES } from '../resources'
import { Section } from '../shared/Section'

interface TimelineEntry {
  id: number
  userId?: number | null
  action: string
  changes: Record<string, unknown>
  createdAt: string
}

const short = (value: unknown): string => {
  if (value === null || value === undefined) return '—'
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
  return text.length > 80 ? `${text.slice(0, 77)}…` : text
}

/** One line per changed key: "name: Old → New", or the value itself. */
export function describeChanges(changes: Record<string, unknown>): string[] {
  return Object.entries(changes ?? {}).map(([key, value]) => {
    if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
      const { from, to } = value as { from: unknown; to: unknown }
      return `${key}: ${short(from)} → ${short(to)}`
    }
    return `${key}: ${short(value)}`
  })
}

const ActionField = ({ record }: { record: TimelineEntry }) => {
  const translate = useTranslate()
  return (
    <>
      {translate(`affix.screens.organization.timeline.actions.${record.action.replace(/\./g, '_')}`, {
        _: record.action,
      })}
    </>
  )
}

const ChangesField = ({ record }: { record: TimelineEntry }) => (
  <Box component="ul" sx={{ m: 0, pl: 2 }}>
    {describeChanges(record.changes).map((line) => (
      <Typography component="li" variant="body2" key={line} sx={{ wordBreak: 'break-word' }}>
        {line}
      </Typography>
    ))}
  </Box>
)

/** GET /api/v1/organization/timeline, paged, newest first. */
export const TimelineSection = () => (
  <Section title="affix.screens.organization.timeline.title">
    {/* Read under the organisation's own ability (the server checks organization:read). */}
    <ListBase
      resource={CORE_RESOURCES.timeline}
      perPage={10}
      sort={{ field: 'createdAt', order: 'DESC' }}
      disableSyncWithLocation
      disableAuthentication
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="createdAt" label="affix.screens.organization.timeline.when" field={DateField} />
        <DataTable.Col
          source="action"
          label="affix.screens.organization.timeline.action"
          disableSort
          render={(record: TimelineEntry) => <ActionField record={record} />}
        />
        <DataTable.Col source="userId" label="affix.screens.organization.timeline.user" disableSort />
        <DataTable.Col
          source="changes"
          label="affix.screens.organization.timeline.changes"
          disableSort
          render={(record: TimelineEntry) => <ChangesField record={record} />}
        />
      </DataTable>
      <Pagination rowsPerPageOptions={[10, 25, 50]} />
    </ListBase>
  </Section>
)
