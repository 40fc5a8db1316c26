import { Flags } from '@oclif/core'
import { customersListCustomers, paged } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { filterParam, pageFlags } from '../../list_flags.js'

export default defineListCommand({
  summary: 'List customers (players), newest registration first; affiliates see their own.',
  description:
    'Filter by brand, campaign, affiliate, country, status (active or fraud), attribution source and registration dates; --q searches cuid, e-mail and name. Customer ids are masked for affiliates when the organisation asks.',
  examples: [
    '<%= config.bin %> <%= command.id %> --campaign 12 --from 2026-11-01 --to 2026-11-30',
    '<%= config.bin %> <%= command.id %> --status fraud --json',
    '<%= config.bin %> <%= command.id %> --source none --country BR --limit 100',
  ],
  flags: {
    ...pageFlags,
    brand: Flags.integer({ summary: 'Only customers of this brand ID.', min: 1 }),
    campaign: Flags.integer({ summary: 'Only customers attributed to this campaign ID.', min: 1 }),
    affiliate: Flags.integer({ summary: 'Only customers of this affiliate ID.', min: 1 }),
    country: Flags.string({ summary: 'Only customers of this country (ISO code, e.g. BR).' }),
    status: Flags.string({ summary: 'Only active or fraud customers.', options: ['active', 'fraud'] }),
    source: Flags.string({
      summary: 'Only customers attributed this way.',
      options: ['click', 'promo_code', 'explicit', 'none'],
    }),
    from: Flags.string({ summary: 'Registered on or after this date (YYYY-MM-DD).' }),
    to: Flags.string({ summary: 'Registered on or before this date (YYYY-MM-DD).' }),
    q: Flags.string({ summary: 'Search cuid, e-mail and name.' }),
  },
  fetch: (client, flags) =>
    paged(
      customersListCustomers({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          q: flags.q,
          filter: filterParam({
            brandId: flags.brand,
            campaignId: flags.campaign,
            affiliateId: flags.affiliate,
            country: flags.country?.toUpperCase(),
            status: flags.status,
            source: flags.source,
            from: flags.from,
            to: flags.to,
          }),
        },
      })
    ),
  columns: [
    { header: 'ID', value: (customer) => customer.id },
    { header: 'CUID', value: (customer) => customer.cuid },
    { header: 'REGISTERED', value: (customer) => customer.registeredAt },
    { header: 'BRAND', value: (customer) => customer.brandId },
    { header: 'CAMPAIGN', value: (customer) => customer.campaignId ?? '' },
    { header: 'AFFILIATE', value: (customer) => customer.affiliateId ?? '' },
    { header: 'SOURCE', value: (customer) => customer.attributionSource },
    { header: 'COUNTRY', value: (customer) => customer.country ?? '' },
    { header: 'STATUS', value: (customer) => customer.status },
    { header: 'FTD', value: (customer) => customer.ftdDate ?? '' },
  ],
  resource: 'customers',
})
