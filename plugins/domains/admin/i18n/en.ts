/* Admin UI messages of the domains plugin (en). */
export const en = {
  resources: {
    domains: {
      name: 'Domain |||| Domains',
      fields: { name: 'Host name', baseUrl: 'Base URL', protocol: 'Protocol', ssl: 'TLS certificate', visibility: 'Visibility', affiliateIds: 'Affiliates', type: 'Type', status: 'Status', isDefault: 'Default tracking domain', createdAt: 'Created' },
    },
  },
  domains: {
    status: { active: 'Active', inactive: 'Inactive' },
    types: { tracking: 'Tracking', white_label: 'White label' },
    visibility: { public: 'All affiliates', private: 'Selected affiliates' },
    default: 'Default',
    help: { name: 'e.g. track.example.com (point its DNS to this server)' },
    validation: { hostname: 'Enter a host name such as track.example.com', https_needs_ssl: 'https needs a TLS certificate' },
  },
}
