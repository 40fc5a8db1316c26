/* Deep link form: spec §5 URL messages before any request, and the payload. */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin'
import { describe, expect, it, vi } from 'vitest'
import { DeepLinkCreate } from '../../../plugins/deep-links/admin/deep-links/DeepLinkCreate'
import { ADMIN_ABILITIES, renderScreen } from './screens_helpers'

describe('deep link form', () => {
  it('says "URL is required" and "Invalid URL", then saves name, URL and status', async () => {
    const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
      data: { id: 1, ...params.data },
    }))
    const dataProvider = testDataProvider({
      getList: async () => ({ data: [], total: 0 }) as never,
      create: create as never,
    } as Partial<DataProvider>)
    renderScreen(
      <ResourceContextProvider value="manage/deep-links">
        <DeepLinkCreate />
      </ResourceContextProvider>,
      {
        abilities: [...ADMIN_ABILITIES, { subject: 'deep-links', action: 'manage' }],
        enabledPlugins: ['deep-links'],
        initialEntries: ['/manage/deep-links/create'],
        dataProvider,
      }
    )
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Sports landing' } })
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    save()
    await screen.findByText('URL is required')
    fireEvent.change(screen.getByRole('textbox', { name: /^URL/ }), { target: { value: 'not a url' } })
    save()
    await screen.findByText('Invalid URL')
    expect(create).not.toHaveBeenCalled()

    fireEvent.change(screen.getByRole('textbox', { name: /^URL/ }), {
      target: { value: ' https://luckyspin.example/sports ' },
    })
    await waitFor(() => expect(screen.queryByText('Invalid URL')).toBeNull())
    save()
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1))
    expect(create.mock.calls[0][1].data).toEqual({
      name: 'Sports landing',
      url: 'https://luckyspin.example/sports',
      status: 'active',
    })
  })
})
