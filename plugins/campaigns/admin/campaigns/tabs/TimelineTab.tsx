import { List, ListItem, ListItemText, Typography } from '@mui/material'
import { useRecordContext, useTranslate } from 'react-admin'
import { useCampaignPart } from './api'

interface TimelineEntry {
  id: number
  event: string
  data: Record<string, unknown>
  actorName: string | null
  createdAt: string
}

const detailsOf = (data: Record<string, unknown>) =>
  Object.entries(data ?? {})
    .filter(([, value]) => value !== null && value !== undefined && typeof value !== 'object')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ')

/** What happened to the campaign, newest first; a null actor is the system (e.g. expiry, a cap). */
export const TimelineTab = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const { data: entries, isPending } = useCampaignPart<TimelineEntry[]>(record?.id, 'timeline')
  if (!isPending && !entries?.length)
    return <Typography variant="body2">{translate('campaigns.timeline.empty')}</Typography>
  return (
    <List aria-label={translate('campaigns.tabs.timeline')} sx={{ maxWidth: 900 }}>
      {(entries ?? []).map((entry) => (
        <ListItem key={entry.id} divider>
          <ListItemText
            primary={`${translate(`campaigns.timeline.events.${entry.event}`, { _: entry.event })}${detailsOf(entry.data) ? ` — ${detailsOf(entry.data)}` : ''}`}
            secondary={[
              entry.actorName ?? translate('campaigns.timeline.system'),
              new Date(entry.createdAt).toLocaleString(),
            ].join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  )
}
