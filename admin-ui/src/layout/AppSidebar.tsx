/*
 * The collapsible sidebar (spec §2, §9): 250 px open, 74 px collapsed, nothing on screens
 * under 768 px (there it opens over the page). Collapses by itself when the window gets
 * narrower than 768 px (resize debounced 50 ms); the user's choice is kept in isCollapsed.
 */
import { Drawer } from '@mui/material'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useSidebarState } from 'react-admin'
import {
  isSmallScreen,
  rememberCollapsed,
  rememberedCollapsed,
  RESIZE_DEBOUNCE_MS,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_SMALL_SCREEN_WIDTH,
  SIDEBAR_WIDTH,
} from './sidebar_state'

/** Whether the window is under the mobile breakpoint, following resizes (debounced). */
export function useSmallScreen(): boolean {
  const [small, setSmall] = useState(() => isSmallScreen())
  useEffect(() => {
    let timer: number | undefined
    const onResize = () => {
      window.clearTimeout(timer)
      timer = window.setTimeout(() => setSmall(isSmallScreen()), RESIZE_DEBOUNCE_MS)
    }
    window.addEventListener('resize', onResize)
    return () => {
      window.clearTimeout(timer)
      window.removeEventListener('resize', onResize)
    }
  }, [])
  return small
}

/** Keeps react-admin's sidebar state and isCollapsed in step (see sidebar_state.ts). */
export function useRememberedSidebar(small: boolean): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useSidebarState()
  const lastSmall = useRef(small)
  useEffect(() => {
    if (small !== lastSmall.current) {
      lastSmall.current = small
      // Crossing the breakpoint: collapse below it, restore the remembered choice above it.
      setOpen(small ? false : !rememberedCollapsed())
      return
    }
    // Opening the overlay on a small screen is not a choice to remember.
    if (!small) rememberCollapsed(!open)
  }, [open, small, setOpen])
  return [open, setOpen]
}

export const sidebarWidth = (open: boolean, small: boolean) =>
  small ? (open ? SIDEBAR_WIDTH : SIDEBAR_SMALL_SCREEN_WIDTH) : open ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH

export const AppSidebar = ({ children }: { children: ReactNode }) => {
  const small = useSmallScreen()
  const [open, setOpen] = useRememberedSidebar(small)
  const width = sidebarWidth(open, small)

  if (small) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={() => setOpen(false)}
        ModalProps={{ keepMounted: true }}
        sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
        data-testid="sidebar"
        data-collapsed={String(!open)}
      >
        {children}
      </Drawer>
    )
  }
  return (
    <Drawer
      variant="permanent"
      open={open}
      data-testid="sidebar"
      data-collapsed={String(!open)}
      sx={(theme) => ({
        width,
        flexShrink: 0,
        transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          position: 'sticky',
          top: 48,
          height: 'calc(100vh - 48px)',
          overflowX: 'hidden',
          borderRight: `1px solid ${theme.palette.divider}`,
          transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        },
      })}
    >
      {children}
    </Drawer>
  )
}
