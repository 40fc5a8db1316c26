/* Admin UI messages of the tracking plugin (en). */
export const en = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    tracking: {
      name: 'Click tracking',
      description: 'The click redirect, click records, real-time caps and the click benchmarks.',
    },
  },
  resources: {
    'engagements/click': {
      name: 'Click |||| Clicks',
      empty: 'No clicks yet. They appear here as visitors follow tracking links.',
      fields: {
        createdAt: 'Time',
        clickId: 'Click ID',
        campaignId: 'Campaign',
        affiliateId: 'Affiliate',
        outcome: 'Outcome',
        reason: 'Reason',
        country: 'Country',
        device: 'Device',
        source: 'Source',
        ip: 'IP address',
        language: 'Language',
        referrer: 'Referrer',
        destination: 'Sent to',
        deepLinkUrl: 'Deep link',
        userAgent: 'User agent',
        params: 'Parameters',
        fraud: 'Fraud',
      },
    },
  },
  tracking: {
    // The dashboard's figure (admin/index.ts glance).
    glance: { clicks: 'Clicks, last 30 days' },
    home: { clicks: 'See every click on your links: where it was sent and, when refused, why.' },
    outcomes: { redirect: 'Redirected', fallback: 'Fallback', rejected: 'Rejected' },
    reasons: {
      paused: 'Campaign paused',
      disabled: 'Campaign disabled',
      expired: 'Campaign expired',
      cap_reached: 'Cap reached',
      targeting: 'Outside the targeting',
      blocked_affiliate: 'Affiliate blocked',
      not_approved: 'Affiliate not approved',
      fraud_block: 'Blocked by a fraud rule',
      unknown_affiliate: 'Unknown affiliate',
      unknown_campaign: 'Unknown campaign',
    },
    fraud: { mark: 'Marked', block: 'Blocked' },
    filters: { from: 'From', to: 'To' },
    url_ignored: 'the url parameter pointed to a host the campaign does not allow',
  },
}
