/* Admin UI messages of the domains plugin (en). */
export const en = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    domains: {
      name: 'Tracking domains',
      description: 'Tracking and white-label domains used in the tracking links of affiliates.',
    },
  },
  resources: {
    'configuration/tracking/domains': {
      name: 'Domain |||| Domains',
      notifications: {
        created: 'Domain added',
        updated: 'Domain saved',
        deleted: 'Domain deleted |||| %{smart_count} domains deleted',
      },
      fields: {
        name: 'Host name',
        baseUrl: 'Base URL',
        protocol: 'Protocol',
        ssl: 'TLS certificate',
        visibility: 'Visibility',
        affiliateIds: 'Affiliates',
        type: 'Type',
        status: 'Status',
        isDefault: 'Default tracking domain',
        createdAt: 'Created',
      },
    },
  },
  domains: {
    home: { description: 'Tracking and white-label domains for the links.' },
    status: { active: 'Active', inactive: 'Inactive' },
    types: { tracking: 'Tracking', white_label: 'White label' },
    visibility: { public: 'All affiliates', private: 'Selected affiliates' },
    default: 'Default',
    help: { name: 'e.g. track.example.com (point its DNS to this server)' },
    validation: {
      hostname: 'Enter a host name such as track.example.com',
      https_needs_ssl: 'https needs a TLS certificate',
    },
  },
}
