/* Admin UI messages of the deep-links plugin (en). */
export const en = {
  resources: {
    'deep-links': {
      name: 'Deep link |||| Deep links',
      fields: { id: 'ID', name: 'Name', url: 'URL', status: 'Status', campaignId: 'Campaign', createdAt: 'Created', updatedAt: 'Updated', q: 'Search' },
    },
  },
  deep_links: {
    status: { active: 'Active', inactive: 'Inactive' },
    validation: { url_required: 'URL is required', url_invalid: 'Invalid URL', url_too_long: 'URL must be at most 2048 characters' },
  },
}
