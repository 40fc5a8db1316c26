/*
 * Sidebar constants of spec §9 and the remembered collapse state (spec §3 key isCollapsed).
 * react-admin keeps the live state in its store ("sidebar.open"); this module seeds it
 * from isCollapsed and writes it back, and collapses it under the mobile breakpoint.
 */
export const SIDEBAR_WIDTH = 250
export const SIDEBAR_COLLAPSED_WIDTH = 74
/** On small screens the sidebar takes no room; it opens over the page. */
export const SIDEBAR_SMALL_SCREEN_WIDTH = 0
export const MOBILE_BREAKPOINT = 768
export const RESIZE_DEBOUNCE_MS = 50
export const COLLAPSED_KEY = 'isCollapsed'

export const isSmallScreen = (width = typeof window === 'undefined' ? MOBILE_BREAKPOINT : window.innerWidth) =>
  width < MOBILE_BREAKPOINT

export const rememberedCollapsed = () => localStorage.getItem(COLLAPSED_KEY) === 'true'

export function rememberCollapsed(collapsed: boolean) {
  localStorage.setItem(COLLAPSED_KEY, String(collapsed))
}

/** Whether the sidebar starts open: never on a small screen, else as remembered (open by default). */
export const initialSidebarOpen = (width?: number) => !isSmallScreen(width) && !rememberedCollapsed()
