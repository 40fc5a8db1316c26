/*
 * Demo deep links (manifest `seed`): landing pages of the two demo brands that every
 * campaign of the brand may send a click to (organisation-wide: this plugin seeds before
 * campaigns exist), and a retired one.
 */
import type { SeedContext } from '@affix/core/kernel'

const LINKS = [
  { name: 'Lucky Spin – live roulette lobby', url: 'https://luckyspin.example/live/roulette', daysAgo: 110 },
  { name: 'Lucky Spin – new slots this week', url: 'https://luckyspin.example/slots/new', daysAgo: 75 },
  {
    name: 'Royal Bet – Champions League',
    url: 'https://royalbet.example/sports/football/champions-league',
    daysAgo: 64,
  },
  { name: 'Royal Bet – live betting', url: 'https://royalbet.example/live', daysAgo: 30 },
  {
    name: 'Lucky Spin – Easter tournament',
    url: 'https://luckyspin.example/promo/easter',
    daysAgo: 100,
    inactive: true,
  },
]

export async function seedDeepLinks({ organizationId, trx, dayAt }: SeedContext) {
  await trx
    .insertQuery()
    .table('deep_links')
    .multiInsert(
      LINKS.map((link) => ({
        organization_id: organizationId,
        name: link.name,
        url: link.url,
        status: link.inactive ? 'inactive' : 'active',
        campaign_id: null,
        created_at: dayAt(link.daysAgo, '10:00'),
        updated_at: dayAt(link.inactive ? 20 : link.daysAgo, '10:00'),
      }))
    )
}
