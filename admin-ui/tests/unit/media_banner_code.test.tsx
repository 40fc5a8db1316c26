/* Banner code panel: an admin picks an affiliate, an affiliate gets its own code; the link, HTML and script show with copy buttons and a preview. */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, RecordContextProvider, TestMemoryRouter, testDataProvider, type DataProvider } from 'react-admin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BannerCodePanel, BannerCodePreview } from '../../../plugins/media/admin/media/BannerCodePanel'
import { createI18nProvider } from '../../src/i18n_provider'
import { installedPlugins } from '../../src/plugins'

afterEach(cleanup)

const MEDIA = {
  id: 12,
  title: 'Summer banner',
  type: 'banner',
  status: 'active',
  file: { name: 'summer.png', mime: 'image/png', size: 7, width: 300, height: 250, url: '/api/v1/media/media/12/file' },
}
const fileUrl = 'http://affix.test/api/v1/media/media/12/file'
const CODE = {
  trackingLink: 'http://affix.test/c?pub_id=42&media_id=12',
  html: `<a href="http://affix.test/c?pub_id=42&amp;media_id=12" target="_blank" rel="noopener"><img src="${fileUrl}" width="300" height="250" alt="Summer banner"></a>`,
  js: '(function(){var s=document.currentScript;})();',
}

function renderPanel(role: string, overrides: Record<string, unknown> = {}) {
  const request = vi.fn(async () => ({ data: CODE, headers: new Headers(), status: 200 }))
  const dataProvider = testDataProvider({
    getList: async () => ({ data: [{ id: 42, name: 'Ana Souza', email: 'ana@demo.example' }], total: 1 }) as never,
    getMany: async () => ({ data: [{ id: 42, name: 'Ana Souza', email: 'ana@demo.example' }] }) as never,
    request,
    ...overrides,
  } as Partial<DataProvider>)
  const authProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({
      abilities: [{ subject: 'media', action: role === 'affiliate' ? 'read' : 'manage' }],
      enabledPlugins: ['media'],
      superuser: false,
    }),
    getIdentity: async () => ({ id: role === 'affiliate' ? 42 : 1, fullName: 'Someone', role }),
  }
  render(
    <TestMemoryRouter initialEntries={['/manage/media/12']}>
      <AdminContext
        i18nProvider={createI18nProvider(installedPlugins, 'en')}
        authProvider={authProvider}
        dataProvider={dataProvider}
      >
        <RecordContextProvider value={MEDIA}>
          <BannerCodePanel fileBlob={null} />
        </RecordContextProvider>
      </AdminContext>
    </TestMemoryRouter>
  )
  return { request }
}

describe('banner code panel', () => {
  it('asks an admin for the affiliate, then shows the link, HTML and script of that affiliate with copy buttons', async () => {
    const { request } = renderPanel('admin')
    const generate = await screen.findByRole('button', { name: 'Generate' })
    fireEvent.click(generate)
    await screen.findByText('Please select an affiliate')
    expect(request).not.toHaveBeenCalled()

    const affiliate = screen.getByRole('combobox', { name: /^Affiliate/ })
    fireEvent.mouseDown(affiliate)
    fireEvent.change(affiliate, { target: { value: 'Ana' } })
    fireEvent.click(await screen.findByRole('option', { name: 'Ana Souza (#42)' }))
    fireEvent.click(generate)

    await waitFor(() => expect(request).toHaveBeenCalledTimes(1))
    expect(request.mock.calls[0]).toMatchObject(['/api/v1/media/media/12/banner-code', { query: { affiliateId: 42 } }])
    const result = await screen.findByTestId('banner-code-result')
    expect((screen.getByTestId('banner-code-link') as HTMLTextAreaElement).value).toBe(CODE.trackingLink)
    expect((screen.getByTestId('banner-code-html') as HTMLTextAreaElement).value).toBe(CODE.html)
    expect((screen.getByTestId('banner-code-js') as HTMLTextAreaElement).value).toBe(`<script>${CODE.js}</script>`)
    expect(within(result).getAllByRole('button', { name: /^Copy/ })).toHaveLength(3)

    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    fireEvent.click(within(result).getByRole('button', { name: 'Copy Tracking link' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(CODE.trackingLink))

    const preview = screen.getByTestId('banner-code-preview') as HTMLIFrameElement
    expect(preview.getAttribute('sandbox')).toBe('')
    expect(preview.getAttribute('srcdoc')).toContain('pub_id=42')
  })

  it('gives an affiliate its own code without an affiliate picker', async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0 }))
    const { request } = renderPanel('affiliate', { getList })
    fireEvent.click(await screen.findByRole('button', { name: 'Generate' }))
    await screen.findByTestId('banner-code-result')
    expect(screen.queryByRole('combobox', { name: /^Affiliate/ })).toBeNull()
    expect(request.mock.calls[0]).toMatchObject([
      '/api/v1/media/media/12/banner-code',
      { query: { affiliateId: undefined } },
    ])
    // Affiliates may not list affiliates: nothing asked for them.
    expect(getList).not.toHaveBeenCalled()
    expect(screen.getByText('Your tracking link and the code to paste on your site.')).toBeTruthy()
  })

  it('previews the snippet with the stored image inlined (the file URL needs a token)', () => {
    render(
      <AdminContext i18nProvider={createI18nProvider(installedPlugins, 'en')}>
        <BannerCodePreview html={CODE.html} fileUrl={fileUrl} fileData="data:image/png;base64,AAAA" />
      </AdminContext>
    )
    const srcdoc = screen.getByTestId('banner-code-preview').getAttribute('srcdoc') ?? ''
    expect(srcdoc).toContain('<img src="data:image/png;base64,AAAA"')
    expect(srcdoc).not.toContain(fileUrl)
  })
})
