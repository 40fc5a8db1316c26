/*
 * Panel switching (spec §2, §4): the person's panels in every organisation
 * (GET /api/v1/auth/panels; choosing one calls POST /api/v1/auth/panels/{id}/switch and
 * stores the new Session), and, for admins of a parent organisation, the child
 * organisations to act on (coid).
 */
import SwapHorizIcon from '@mui/icons-material/SwapHoriz'
import { Button, CircularProgress, Divider, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useDataProvider, useNavigate, useNotify, useRefresh, useTranslate } from 'react-admin'
import type { AffixDataProvider } from '../plugin_api'
import { currentAccount, homePath, saveSession, setCoid, type PanelSummary, type Session } from '../session'
import { useSession } from './useSession'

export const PanelSwitcher = () => {
  const translate = useTranslate()
  const notify = useNotify()
  const refresh = useRefresh()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const { account, coid } = useSession()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [panels, setPanels] = useState<PanelSummary[] | null>(null)
  const [busy, setBusy] = useState(false)
  if (!account) return null

  const childOrgs = account.childOrgs ?? []
  const actingOn = coid ? childOrgs.find((child) => child.id === coid) : undefined
  const roleName = (role: string) => translate(`affix.layout.roles.${role}`, { _: role })

  const openMenu = async (target: HTMLElement) => {
    setAnchor(target)
    setPanels(null)
    try {
      const { data } = await dataProvider.request<PanelSummary[]>('/api/v1/auth/panels')
      setPanels(Array.isArray(data) ? data : [])
    } catch (error) {
      setPanels([])
      notify((error as Error).message || 'affix.errors.fallback', { type: 'error' })
    }
  }

  const switchTo = async (panel: PanelSummary) => {
    if (panel.current) return setAnchor(null)
    setBusy(true)
    try {
      const { data } = await dataProvider.request<Session>(`/api/v1/auth/panels/${panel.id}/switch`, { method: 'POST' })
      saveSession(data)
      // Everything (resources, permissions, caches) belongs to the new panel: start afresh.
      window.location.assign(homePath(currentAccount()))
    } catch (error) {
      setBusy(false)
      notify((error as Error).message || 'affix.errors.fallback', { type: 'error' })
    }
  }

  const actOn = async (childId: number | null) => {
    setAnchor(null)
    if ((childId ?? null) === (coid ?? null)) return
    setCoid(childId)
    // Permissions narrow on a child organisation; records on screen belong to the other one.
    await queryClient.invalidateQueries({ queryKey: ['auth'] })
    navigate(homePath(account))
    refresh()
  }

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => void openMenu(event.currentTarget)}
        startIcon={busy ? <CircularProgress color="inherit" size={16} /> : <SwapHorizIcon />}
        aria-label={translate('affix.layout.panels.button')}
        aria-haspopup="menu"
        sx={{ textTransform: 'none', maxWidth: 320 }}
        data-testid="panel-switcher"
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {actingOn
            ? translate('affix.layout.panels.acting_on', { name: actingOn.name })
            : `${account.org.name} · ${roleName(account.user.role)}`}
        </span>
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <ListSubheader>{translate('affix.layout.panels.panels')}</ListSubheader>
        {panels === null && <MenuItem disabled>{translate('affix.layout.panels.loading')}</MenuItem>}
        {panels?.map((panel) => (
          <MenuItem
            key={panel.id}
            selected={panel.current}
            disabled={busy}
            onClick={() => void switchTo(panel)}
            data-testid="panel-option"
          >
            <ListItemText
              primary={panel.organizationName}
              secondary={`${roleName(panel.role)}${panel.current ? ` · ${translate('affix.layout.panels.current')}` : ''}`}
            />
          </MenuItem>
        ))}
        {childOrgs.length > 0 && <Divider />}
        {childOrgs.length > 0 && <ListSubheader>{translate('affix.layout.panels.organisations')}</ListSubheader>}
        {childOrgs.length > 0 && (
          <MenuItem selected={!actingOn} onClick={() => void actOn(null)}>
            {translate('affix.layout.panels.own_organisation', { name: account.org.name })}
          </MenuItem>
        )}
        {childOrgs.map((child) => (
          <MenuItem
            key={child.id}
            selected={actingOn?.id === child.id}
            onClick={() => void actOn(child.id)}
            data-testid="child-org-option"
          >
            {child.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  )
}
