/* Admin UI messages of the deep-links plugin (en). */
export const en = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    'deep-links': {
      name: 'Deep links',
      description: 'Named landing URLs affiliates can link to (needs the organisation feature edl).',
    },
  },
  resources: {
    'manage/deep-links': {
      name: 'Deep link |||| Deep links',
      notifications: {
        created: 'Deep link created',
        updated: 'Deep link saved',
        deleted: 'Deep link deleted |||| %{smart_count} deep links deleted',
      },
      fields: {
        id: 'ID',
        name: 'Name',
        url: 'URL',
        status: 'Status',
        campaignId: 'Campaign',
        createdAt: 'Created',
        updatedAt: 'Updated',
        q: 'Search',
      },
    },
  },
  deep_links: {
    home: { description: 'Landing pages a tracking link can lead to.' },
    status: { active: 'Active', inactive: 'Inactive' },
    validation: {
      url_required: 'URL is required',
      url_invalid: 'Invalid URL',
      url_too_long: 'URL must be at most 2048 characters',
    },
  },
}
