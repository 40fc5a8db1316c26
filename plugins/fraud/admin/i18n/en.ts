/* Admin UI messages of the fraud plugin (en). */
export const en = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    fraud: {
      name: 'Fraud rules',
      description: 'Anti-fraud rules (data center, proxy, blacklist, device) applied to clicks.',
    },
  },
  resources: {
    'configuration/tracking/fraud-rules': {
      name: 'Fraud rule |||| Fraud rules',
      notifications: {
        created: 'Fraud rule created',
        updated: 'Fraud rule saved',
        deleted: 'Fraud rule deleted |||| %{smart_count} fraud rules deleted',
      },
      fields: {
        name: 'Name',
        type: 'Type',
        action: 'Action',
        status: 'Status',
        createdAt: 'Created',
        brandSelection: 'Brands',
        affiliateSelection: 'Affiliates',
        campaignSelection: 'Campaigns',
        brandIds: 'Brands',
        affiliateIds: 'Affiliates',
        campaignIds: 'Campaigns',
        ips: 'IP addresses and ranges',
        userAgents: 'User agents',
        devices: 'Devices',
        os: 'Operating systems',
      },
    },
  },
  fraud: {
    status: { active: 'Active', inactive: 'Inactive' },
    actions: { mark: 'Mark as fraud', block: 'Block' },
    types: { data_center: 'Data center', blacklist: 'Blacklist', device: 'Device', proxy: 'Proxy' },
    selections: { all: 'All', include: 'Include', exclude: 'Exclude' },
    devices: { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', bot: 'Bot' },
    os: {
      windows: 'Windows',
      macos: 'macOS',
      linux: 'Linux',
      android: 'Android',
      ios: 'iOS',
      chromeos: 'ChromeOS',
      other: 'Other',
    },
    help: {
      ips: 'IPv4 or IPv6 addresses and CIDR ranges, e.g. 203.0.113.0/24',
      user_agents: 'Fragments, case-insensitive',
    },
  },
}
