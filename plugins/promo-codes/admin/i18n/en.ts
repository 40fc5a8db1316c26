/* Admin UI messages of the promo-codes plugin (en). */
export const en = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    'promo-codes': {
      name: 'Promo codes',
      description: 'Promo codes with bonus, dates, type and included or excluded affiliates.',
    },
  },
  resources: {
    'manage/promo-code': {
      name: 'Promo code |||| Promo codes',
      notifications: {
        created: 'Promo code created',
        updated: 'Promo code saved',
        deleted: 'Promo code deleted |||| %{smart_count} promo codes deleted',
      },
      fields: {
        id: 'ID',
        code: 'Code',
        bonus: 'Bonus',
        bonusCurrency: 'Bonus currency',
        campaignId: 'Campaign',
        affiliateId: 'Affiliate',
        type: 'Type',
        origin: 'Origin',
        status: 'Status',
        startDate: 'Start date',
        endDate: 'End date',
        enabled: 'Enabled',
        description: 'Description',
        affiliateSelection: 'Affiliate selection',
        includedAffiliateIds: 'Included affiliates',
        excludedAffiliateIds: 'Excluded affiliates',
        createdAt: 'Created',
        q: 'Search',
      },
    },
  },
  promo_codes: {
    home: {
      description: 'Promo codes with their bonus, dates and who may use them.',
      description_affiliate: 'The promo codes you may give your audience.',
    },
    type: { generic: 'Generic', exclusive: 'Exclusive', one_time: 'One time' },
    origin: { organic: 'Organic', inorganic: 'Inorganic' },
    selection: { all: 'All affiliates', include: 'Include affiliates', exclude: 'Exclude affiliates' },
    status: { active: 'Active', future: 'Future', expired: 'Expired', inactive: 'Inactive' },
    help: {
      currency: 'The organisation currency when left empty.',
      affiliate_required: 'Required for exclusive and one-time codes.',
      affiliate_optional: 'Optional for generic codes.',
      selection: 'Include or exclude affiliates: one or the other.',
    },
    validation: {
      code: 'Code may contain only letters, digits, - and _',
      bonus_min: 'Bonus must be at least 0',
      bonus_decimals: 'Bonus must have at most 2 decimal digits',
    },
    errors: {
      affiliate_required: 'Exclusive and one-time promo codes need an affiliate',
      include_needs_one: 'Include needs at least one affiliate',
      exclude_needs_one: 'Exclude needs at least one affiliate',
      end_before_start: 'End date must be after start date',
    },
  },
  affix: { export: { done: 'Exported. The file is also in Downloads.' } },
}
