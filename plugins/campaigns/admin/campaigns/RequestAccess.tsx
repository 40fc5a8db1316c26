import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import {
  Alert,
  Box,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material'
import { useState } from 'react'
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin'
import { CAMPAIGNS_API } from './model'
import { fieldErrors } from './tabs/api'

export interface AccessQuestion {
  question: string
  required?: boolean
}

/** Which required questions are unanswered (their indexes), as the server checks. */
export function unansweredRequired(questions: AccessQuestion[], answers: string[]): number[] {
  return questions.flatMap((question, index) => (question.required && !answers[index]?.trim() ? [index] : []))
}

/** An affiliate asks for access to a private campaign, answering its questionnaire (spec §4: need approval → pending approval). */
export const RequestAccess = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const refresh = useRefresh()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const [open, setOpen] = useState(false)
  const questions = (record?.accessQuestions as AccessQuestion[] | undefined) ?? []
  const [answers, setAnswers] = useState<string[]>([])
  const [missing, setMissing] = useState<number[]>([])
  const [error, setError] = useState<string | null>(null)
  if (!record) return null

  const send = async () => {
    const unanswered = unansweredRequired(questions, answers)
    setMissing(unanswered)
    if (unanswered.length) return
    try {
      await dataProvider.request(`${CAMPAIGNS_API}/${record.id}/access-requests`, {
        method: 'POST',
        body: { answers: questions.map((_, index) => answers[index]?.trim() || null) },
      })
      notify('campaigns.access.requested_notice', { type: 'info' })
      setOpen(false)
      refresh()
    } catch (failure) {
      const message = Object.values(fieldErrors(failure))[0]
      if (message) setError(message)
      else notifyError(failure)
    }
  }

  return (
    <>
      <MuiButton variant="contained" onClick={() => setOpen(true)}>
        {translate('campaigns.access.request')}
      </MuiButton>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate('campaigns.access.request_title', { title: record.title })}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            {questions.map((question, index) => (
              <TextField
                key={index}
                label={question.question}
                required={Boolean(question.required)}
                value={answers[index] ?? ''}
                onChange={(event) => {
                  const next = [...answers]
                  next[index] = event.target.value
                  setAnswers(next)
                }}
                error={missing.includes(index)}
                helperText={missing.includes(index) ? translate('campaigns.validation.answer_required') : ' '}
                multiline
                fullWidth
              />
            ))}
            {error && <Alert severity="error">{error}</Alert>}
          </Box>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" onClick={send}>
            {translate('campaigns.access.send')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  )
}
