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
import { useState } from 'react'
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { CAMPAIGNS_API } from '../model'
import { fieldErrors, useCampaignPart } from './api'

interface CampaignNote {
  id: number
  body: string
  authorName?: string | null
  createdAt?: string
}

/** Internal notes of the campaign: newest first, add ("Note cannot be empty"), delete. */
export const NotesTab = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const { data: notes, isPending, refresh } = useCampaignPart<CampaignNote[]>(record?.id, 'notes')
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const add = async () => {
    if (!text.trim()) {
      setError(translate('campaigns.validation.note_required'))
      return
    }
    setBusy(true)
    try {
      await dataProvider.request(`${CAMPAIGNS_API}/${record!.id}/notes`, {
        method: 'POST',
        body: { body: text.trim() },
      })
      setText('')
      setError(null)
      notify('campaigns.notes.added', { type: 'info' })
      await refresh()
    } catch (failure) {
      const message = fieldErrors(failure).body
      if (message) setError(message)
      else notifyError(failure)
    } finally {
      setBusy(false)
    }
  }

  const remove = async (note: CampaignNote) => {
    try {
      await dataProvider.request(`${CAMPAIGNS_API}/${record!.id}/notes/${note.id}`, { method: 'DELETE' })
      notify('campaigns.notes.deleted', { type: 'info' })
      await refresh()
    } catch (failure) {
      notifyError(failure)
    }
  }

  return (
    <Box sx={{ maxWidth: 720 }}>
      <TextField
        label={translate('campaigns.notes.new')}
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
        {translate('campaigns.notes.add')}
      </MuiButton>
      {!isPending && !notes?.length && <Typography variant="body2">{translate('campaigns.notes.empty')}</Typography>}
      <List aria-label={translate('campaigns.tabs.notes')}>
        {(notes ?? []).map((note) => (
          <ListItem
            key={note.id}
            divider
            secondaryAction={
              <IconButton edge="end" aria-label={translate('campaigns.notes.delete')} onClick={() => remove(note)}>
                <DeleteIcon />
              </IconButton>
            }
          >
            <ListItemText
              primary={note.body}
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
