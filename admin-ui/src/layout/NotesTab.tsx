/*
 * The internal notes of a record (an affiliate, a campaign…), for a tab of its show page:
 * the list, newest first, a box to add one ("Note cannot be empty" before any request; the
 * server's message for the field otherwise) and a delete button per note. The API is the
 * same for every plugin: GET <path> lists, POST <path> { body } adds, DELETE <path>/<id>
 * removes, each note { id, body, authorName?, createdAt? }. The words are the plugin's own.
 */
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
import { useDataProvider, useNotify, useRecordContext, useTranslate, type Identifier } from 'react-admin'
import type { QueryParams } from '../http_client'
import type { AffixDataProvider } from '../plugin_api'
import { useNotifyServerError } from '../plugin_kit'

export interface Note {
  id: number
  body: string
  authorName?: string | null
  createdAt?: string
}

export interface NotesTabProps {
  /** The notes of the shown record (the record context's id), e.g. `/api/v1/affiliates/affiliates/12/notes`. */
  path: (recordId: Identifier) => string
  /**
   * The plugin's message namespace: it provides `<ns>.notes.{new,add,empty,delete,added,deleted}`,
   * `<ns>.validation.note_required` and `<ns>.tabs.notes` (the list's accessible name). Also the
   * first part of the query key.
   */
  namespace: string
  /** Query parameters of the list (e.g. the sort), when the API's default does not fit. */
  query?: QueryParams
}

/** The field errors of a 422 (react-admin puts them under body.errors): the note's own, if any. */
function bodyError(failure: unknown): string | undefined {
  const errors = (failure as { body?: { errors?: Record<string, unknown> } })?.body?.errors
  return typeof errors?.body === 'string' ? errors.body : undefined
}

export const NotesTab = ({ path, namespace, query }: NotesTabProps) => {
  const record = useRecordContext()
  const translate = useTranslate()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const queryClient = useQueryClient()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const notesPath = record?.id != null ? path(record.id) : null
  const queryKey = [namespace, 'notes', record?.id]
  const { data: notes = [], isPending } = useQuery({
    queryKey,
    enabled: notesPath !== null,
    // A 404 here is the tab's answer (the record went away meanwhile), not the page's.
    retry: false,
    queryFn: async () =>
      (await dataProvider.request<Note[]>(notesPath!, { notFoundPage: false, ...(query ? { query } : {}) })).data ?? [],
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey })

  const add = async () => {
    if (!text.trim()) {
      setError(translate(`${namespace}.validation.note_required`))
      return
    }
    setBusy(true)
    try {
      await dataProvider.request(notesPath!, { method: 'POST', body: { body: text.trim() } })
      setText('')
      setError(null)
      notify(`${namespace}.notes.added`, { type: 'info' })
      await refresh()
    } catch (failure) {
      const message = bodyError(failure)
      if (message) setError(message)
      else notifyError(failure)
    } finally {
      setBusy(false)
    }
  }

  const remove = async (note: Note) => {
    try {
      await dataProvider.request(`${notesPath}/${note.id}`, { method: 'DELETE' })
      notify(`${namespace}.notes.deleted`, { type: 'info' })
      await refresh()
    } catch (failure) {
      notifyError(failure)
    }
  }

  return (
    <Box sx={{ maxWidth: 720 }}>
      <TextField
        label={translate(`${namespace}.notes.new`)}
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
        {translate(`${namespace}.notes.add`)}
      </MuiButton>
      {!isPending && notes.length === 0 && (
        <Typography variant="body2">{translate(`${namespace}.notes.empty`)}</Typography>
      )}
      <List aria-label={translate(`${namespace}.tabs.notes`)}>
        {notes.map((note) => (
          <ListItem
            key={note.id}
            divider
            secondaryAction={
              <IconButton edge="end" aria-label={translate(`${namespace}.notes.delete`)} onClick={() => remove(note)}>
                <DeleteIcon />
              </IconButton>
            }
          >
            <ListItemText
              primary={note.body ?? ''}
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
