/* The shared notes tab of the plugin API (affiliates and campaigns use it): list, add, refusals, delete. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpError, RecordContextProvider, testDataProvider } from 'react-admin'
import { describe, expect, it, vi } from 'vitest'
import { NotesTab } from '../../src/layout/NotesTab'
import { renderScreen } from './screens_helpers'

const PATH = '/api/v1/campaigns/campaigns/5/notes'

function notesServer(refuseWith?: HttpError) {
  let notes = [{ id: 1, body: 'First call went well', authorName: 'Demo Admin', createdAt: '2026-11-01T10:00:00Z' }]
  const request = vi.fn(async (path: string, options: { method?: string; body?: { body: string } } = {}) => {
    if (options.method === 'POST') {
      if (refuseWith) throw refuseWith
      notes = [
        { id: 2, body: options.body!.body, authorName: 'Demo Admin', createdAt: '2026-11-02T10:00:00Z' },
        ...notes,
      ]
      return { data: notes[0] }
    }
    if (options.method === 'DELETE') {
      notes = notes.filter((note) => `${PATH}/${note.id}` !== path)
      return { data: { id: 1 } }
    }
    return { data: notes }
  })
  return { request, dataProvider: { ...testDataProvider(), request } }
}

function renderNotes(dataProvider: ReturnType<typeof notesServer>['dataProvider'], query?: Record<string, string>) {
  renderScreen(
    <RecordContextProvider value={{ id: 5 }}>
      <NotesTab
        path={(id) => `/api/v1/campaigns/campaigns/${id}/notes`}
        namespace="campaigns"
        {...(query ? { query } : {})}
      />
    </RecordContextProvider>,
    { enabledPlugins: ['campaigns'], dataProvider: dataProvider as never }
  )
}

describe('NotesTab (plugin API)', { timeout: 30_000 }, () => {
  it("lists the record's notes with the plugin's words, and sends the list query it is given", async () => {
    const { request, dataProvider } = notesServer()
    renderNotes(dataProvider, { sort: '["createdAt","DESC"]' })
    const list = await screen.findByRole('list', { name: 'Notes' })
    expect(await within(list).findByText('First call went well')).toBeTruthy()
    expect(request).toHaveBeenCalledWith(PATH, { notFoundPage: false, query: { sort: '["createdAt","DESC"]' } })
  })

  it('refuses an empty note before any request, then adds one (trimmed) and shows it', async () => {
    const { request, dataProvider } = notesServer()
    renderNotes(dataProvider)
    await screen.findByText('First call went well')
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }))
    expect(await screen.findByText('Note cannot be empty')).toBeTruthy()
    expect(request.mock.calls.some(([, options]) => options?.method === 'POST')).toBe(false)

    fireEvent.change(screen.getByRole('textbox', { name: 'New note' }), { target: { value: '  Wants a higher CPA  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(PATH, { method: 'POST', body: { body: 'Wants a higher CPA' } })
    )
    expect(await screen.findByText('Wants a higher CPA')).toBeTruthy()
  })

  it("shows the server's message for the note under the input", async () => {
    const refusal = new HttpError('Invalid', 422, { errors: { body: 'The note must be at most 5000 characters' } })
    const { dataProvider } = notesServer(refusal)
    renderNotes(dataProvider)
    await screen.findByText('First call went well')
    fireEvent.change(screen.getByRole('textbox', { name: 'New note' }), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }))
    expect(await screen.findByText('The note must be at most 5000 characters')).toBeTruthy()
  })

  it('deletes a note and shows the list without it', async () => {
    const { request, dataProvider } = notesServer()
    renderNotes(dataProvider)
    await screen.findByText('First call went well')
    fireEvent.click(screen.getByRole('button', { name: 'Delete note' }))
    await waitFor(() => expect(request).toHaveBeenCalledWith(`${PATH}/1`, { method: 'DELETE' }))
    expect(await screen.findByText('No notes yet.')).toBeTruthy()
  })
})
