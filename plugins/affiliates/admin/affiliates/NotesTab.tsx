import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import {
  Box,
  Button as MuiButton,
  IconButton,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { AFFILIATES_API } from './paths'

export interface AffiliateNote {
  id: number
  body: string
  authorName?: string | null
  createdAt?: string
}

export const noteText = (note: AffiliateNote) => note.body ?? ''

/** The affiliate's internal notes: the list (newest first), add, delete. */
export const NotesTab = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const queryClient = useQueryClient()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const path = `${AFFILIATES_API}/${record?.id}/notes`
  const queryKey = ['affiliates', 'notes', record?.id]
  const { data: notes = [], isPending } = useQuery({
    queryKey,
    enabled: record?.id != null,
    queryFn: async () =>
      (await dataProvider.request<AffiliateNote[]>(path, { query: { sort: '["createdAt","DESC"]', limit: 100 } }))
        .data ?? [],
  })

  const add = async () => {
    if (!text.trim()) {
      setError(translate('affiliates.validation.note_required'))
      return
    }
    setBusy(true)
    try {
      await dataProvider.request(path, { method: 'POST', body: { body: text.trim() } })
      setText('')
      setError(null)
      notify('affiliates.notes.added', { type: 'info' })
      await queryClient.invalidateQueries({ queryKey })
    } catch (failure) {
      const fieldError = (failure as { body?: { errors?: Record<string, string> } })?.body?.errors
      const message = fieldError?.body
      if (message) setError(message)
      else notifyError(failure)
    } finally {
      setBusy(false)
    }
  }

  const remove = async (note: AffiliateNote) => {
    try {
      await dataProvider.request(`${path}/${note.id}`, { method: 'DELETE' })
      notify('affiliates.notes.deleted', { type: 'info' })
      await queryClient.invalidateQueries({ queryKey })
    } catch (failure) {
      notifyError(failure)
    }
  }

  return (
    <Box sx={{ maxWidth: 720 }}>
      <TextField
        label={translate('affiliates.notes.new')}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          if (error) setError(null)
        }}
        error={Boolean(error)}
        helperText={error ?? ' '}
        multiline
        minRows={2}
        fullWidth
      />
      <MuiButton variant="contained" onClick={add} disabled={busy} sx={{ mb: 2 }}>
        {translate('affiliates.notes.add')}
      </MuiButton>
      {!isPending && notes.length === 0 && (
        <Typography variant="body2">{translate('affiliates.notes.empty')}</Typography>
      )}
      <List aria-label={translate('affiliates.tabs.notes')}>
        {notes.map((note) => (
          <ListItem
            key={note.id}
            divider
            secondaryAction={
              <IconButton edge="end" aria-label={translate('affiliates.notes.delete')} onClick={() => remove(note)}>
                <DeleteIcon />
              </IconButton>
            }
          >
            <ListItemText
              primary={noteText(note)}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
              secondary={[note.authorName, note.createdAt ? new Date(note.createdAt).toLocaleString() : null]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  )
}
