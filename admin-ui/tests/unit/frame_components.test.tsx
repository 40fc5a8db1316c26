import { act, cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { AdminContext, memoryStore } from 'react-admin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createI18nProvider } from '../../src/i18n_provider'
import { AppSidebar } from '../../src/layout/AppSidebar'
import { isChunkLoadError, reloadOnceForChunkError } from '../../src/layout/chunk_reload'
import { ErrorPage } from '../../src/layout/ErrorPage'
import { SectionErrorBoundary } from '../../src/layout/SectionErrorBoundary'
import { RESIZE_DEBOUNCE_MS } from '../../src/layout/sidebar_state'
import { StatusTag, statusTagStyle } from '../../src/layout/StatusTag'

const wrapper = (locale = 'en') =>
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AdminContext i18nProvider={createI18nProvider([], locale)} store={memoryStore()}>
        {children}
      </AdminContext>
    )
  }

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
  vi.useRealTimers()
})

describe('StatusTag', () => {
  it('maps a lowercased status to a colour, with the default colour for unknown ones', () => {
    expect(statusTagStyle('Active')).toEqual({ key: 'active', color: 'success', known: true })
    expect(statusTagStyle('PENDING')).toMatchObject({ color: 'warning' })
    expect(statusTagStyle('rejected')).toMatchObject({ color: 'error' })
    expect(statusTagStyle('Over Due')).toMatchObject({ key: 'overdue', color: 'error' })
    expect(statusTagStyle('imported-partially')).toMatchObject({ key: 'imported_partially', color: 'warning' })
    expect(statusTagStyle('processing')).toMatchObject({ color: 'info' })
    expect(statusTagStyle('disabled')).toMatchObject({ color: 'default', known: true })
    expect(statusTagStyle('Galactic')).toEqual({ key: 'galactic', color: 'default', known: false })
  })

  it('shows the translated title, or the status itself when unknown', () => {
    render(
      <>
        <StatusTag status="Pending_Approval" />
        <StatusTag status="Galactic" />
        <StatusTag status={null} />
      </>,
      { wrapper: wrapper('pt') }
    )
    expect(screen.getByText('Aprovação pendente').closest('[data-status]')?.getAttribute('data-status')).toBe(
      'pending_approval'
    )
    expect(screen.getByText('Galactic')).toBeTruthy()
  })
})

const Broken = (): ReactNode => {
  throw new Error('widget exploded')
}

describe('error boundaries', () => {
  it('keeps a failing section to itself with the spec message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(
      <>
        <SectionErrorBoundary type="top affiliates">
          <Broken />
        </SectionErrorBoundary>
        <SectionErrorBoundary message="affix.errors.sidebar">
          <Broken />
        </SectionErrorBoundary>
        <p>still here</p>
      </>,
      { wrapper: wrapper() }
    )
    expect(screen.getByText('An error occured while rendering top affiliates.')).toBeTruthy()
    expect(screen.getByText('There was a problem rendering the sidebar.')).toBeTruthy()
    expect(screen.getByText('still here')).toBeTruthy()
  })

  it('shows the render-error texts', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(<ErrorPage error={new Error('boom')} />, { wrapper: wrapper() })
    expect(
      screen.getByText(
        "Oops! Looks like we've hit a snag in the matrix. Let's hit refresh and see if we can find the right exit!"
      )
    ).toBeTruthy()
    expect(screen.getByText('If this problem persists, contact us.')).toBeTruthy()
  })

  it('reloads once per session for a chunk that failed to load, then shows the error', () => {
    const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/Screen-abc.js')
    expect(isChunkLoadError(chunkError)).toBe(true)
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false)
    const reload = vi.fn()
    expect(reloadOnceForChunkError(reload)).toBe(true)
    expect(reloadOnceForChunkError(reload)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
    // Flag already set: the page shows the error instead of reloading again.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(<ErrorPage error={chunkError} />, { wrapper: wrapper() })
    expect(screen.getByText('If this problem persists, contact us.')).toBeTruthy()
  })
})

describe('sidebar collapse', () => {
  const setWidth = (width: number) => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width })
    window.dispatchEvent(new Event('resize'))
  }
  const sidebar = () => document.querySelector('[data-testid="sidebar"]')!

  it('remembers the choice in isCollapsed and collapses under 768 px (debounced)', async () => {
    vi.useFakeTimers()
    setWidth(1280)
    localStorage.setItem('isCollapsed', 'true')
    const store = memoryStore({ 'sidebar.open': false })
    render(
      <AdminContext i18nProvider={createI18nProvider([], 'en')} store={store}>
        <AppSidebar>
          <p>menu</p>
        </AppSidebar>
      </AdminContext>
    )
    expect(sidebar().getAttribute('data-collapsed')).toBe('true')

    act(() => store.setItem('sidebar.open', true))
    expect(localStorage.getItem('isCollapsed')).toBe('false')

    act(() => setWidth(700))
    expect(store.getItem('sidebar.open')).toBe(true) // not before the debounce
    await act(async () => vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS))
    expect(store.getItem('sidebar.open')).toBe(false)
    // Collapsing for a small window is not the user's choice: it is not remembered.
    expect(localStorage.getItem('isCollapsed')).toBe('false')

    act(() => setWidth(1280))
    await act(async () => vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS))
    expect(store.getItem('sidebar.open')).toBe(true)
  })
})
