/*
 * One e-mail address may hold panels in several organisations (spec §2 "panel switching").
 * After a log-in whose answer lists several, the person picks one: the panel already open
 * is kept; another is opened with POST /api/v1/auth/panels/{id}/switch and the session's
 * token (the first panel's keys stay in storage for switching back).
 */
import { List, ListItemButton, ListItemText, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import type { PanelSummary, Session } from '../session'
import { errorText, usePublicApi } from './api'
import { ErrorNotice } from './branding'

export interface PanelChooserProps {
  panels: PanelSummary[]
  /** Token of the panel the log-in opened. */
  token: string
  /** The panel to open: the current one as it is (null), another with its new session. */
  onChosen: (session: Session | null) => void | Promise<void>
}

export function PanelChooser({ panels, token, onChosen }: PanelChooserProps) {
  const translate = useTranslate()
  const api = usePublicApi()
  const [busy, setBusy] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)

  const choose = async (panel: PanelSummary) => {
    setBusy(panel.id)
    setError(null)
    try {
      const session = panel.current
        ? null
        : await api<Session>(`/api/v1/auth/panels/${panel.id}/switch`, { method: 'POST', token })
      await onChosen(session)
    } catch (failure) {
      setError(errorText(failure, translate))
      setBusy(null)
    }
  }

  return (
    <>
      <Typography color="text.secondary">{translate('affix.public.panels.hint')}</Typography>
      {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      <List aria-label={translate('affix.public.panels.title')} disablePadding>
        {panels.map((panel) => (
          <ListItemButton
            key={panel.id}
            divider
            disabled={busy !== null}
            selected={busy === panel.id}
            onClick={() => choose(panel)}
          >
            <ListItemText
              primary={panel.organizationName}
              secondary={[
                translate(`affix.public.panels.roles.${panel.role}`, { _: panel.role }),
                panel.current ? translate('affix.public.panels.current') : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItemButton>
        ))}
      </List>
    </>
  )
}
