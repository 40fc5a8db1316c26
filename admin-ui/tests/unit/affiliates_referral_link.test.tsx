/* The affiliate's referral link on /manage/referred-affiliates: shown to copy, or why there is none. */
import { screen } from '@testing-library/react'
import { HttpError, testDataProvider } from 'react-admin'
import { describe, expect, it, vi } from 'vitest'
import { ReferredAffiliatesScreen } from '../../../plugins/affiliates/admin/me/ReferredAffiliatesScreen'
import { renderScreen } from './screens_helpers'

const AFFILIATE = { id: 9, fullName: 'Jane Partner', role: 'affiliate' }

function renderAsAffiliate(referralLink: string | null) {
  const request = vi.fn(async (path: string) => {
    if (path === '/api/v1/affiliates/me')
      return { data: { id: 9, name: 'Jane Partner', referralLink }, headers: new Headers(), status: 200 }
    if (path === '/api/v1/affiliates/me/referred')
      return {
        data: [{ id: 31, name: 'Referred One', status: 'active', createdAt: '2026-11-01T10:00:00Z' }],
        headers: new Headers(),
        status: 200,
      }
    throw new HttpError('Not found', 404, {})
  })
  renderScreen(<ReferredAffiliatesScreen />, {
    identity: AFFILIATE,
    abilities: [],
    enabledPlugins: ['affiliates'],
    dataProvider: testDataProvider({ request } as never),
  })
  return request
}

describe('the affiliate’s referral link', { timeout: 30_000 }, () => {
  it('shows the link with a copy button above the affiliates it referred', async () => {
    const link = 'https://partners.example/register/affiliate/4?ref=9'
    renderAsAffiliate(link)
    expect((await screen.findByTestId('referral-link')).textContent).toBe(link)
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy()
    await screen.findByText('Referred One')
  })

  it('says why there is no link while the network takes no signups', async () => {
    renderAsAffiliate(null)
    await screen.findByText(/not taking signups at the moment/)
    expect(screen.queryByTestId('referral-link')).toBeNull()
    await screen.findByText('Referred One')
  })
})
