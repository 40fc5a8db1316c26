/* Admin UI messages of the postbacks plugin (en). */
export const en = {
  plugins: {
    postbacks: {
      name: 'Postbacks and webhooks',
      description: 'Affiliate postbacks with macros and rules, their logs and test tool, and signed webhooks.',
    },
  },
  resources: {
    'manage/postback': {
      name: 'Postback |||| Postbacks',
      notifications: {
        created: 'Postback added',
        updated: 'Postback saved',
        deleted: 'Postback deleted |||| %{smart_count} postbacks deleted',
      },
      fields: {
        name: 'Name',
        affiliateId: 'Affiliate',
        events: 'Events',
        campaignIds: 'Campaigns',
        method: 'Method',
        url: 'URL',
        maskCustomerId: 'Always mask the customer ID',
        status: 'Status',
        createdAt: 'Created',
      },
    },
    'manage/postback-log': {
      name: 'Postback log',
      fields: {
        event: 'Event',
        attempt: 'Attempt',
        outcome: 'Outcome',
        latencyMs: 'Latency (ms)',
        url: 'URL',
        responseExcerpt: 'Response',
        customerId: 'Customer ID',
        clickId: 'Click ID',
        createdAt: 'Time',
      },
    },
    'manage/pbrules': {
      name: 'Postback rule |||| Postback rules',
      notifications: {
        created: 'Rule added',
        updated: 'Rule saved',
        deleted: 'Rule deleted |||| %{smart_count} rules deleted',
      },
      fields: {
        name: 'Name',
        postbackId: 'Postback',
        action: 'Action',
        priority: 'Priority',
        events: 'Events',
        countries: 'Countries',
        minAmount: 'Minimum amount',
        maxAmount: 'Maximum amount',
        samplePercent: 'Sampling %',
        status: 'Status',
      },
    },
    'configuration/webhook-configs': {
      name: 'Webhook |||| Webhooks',
      notifications: {
        created: 'Webhook added',
        updated: 'Webhook saved',
        deleted: 'Webhook deleted |||| %{smart_count} webhooks deleted',
      },
      fields: {
        name: 'Name',
        url: 'URL',
        events: 'Events',
        status: 'Status',
      },
    },
    'configuration/webhook-logs': {
      name: 'Webhook log',
      fields: {
        event: 'Event',
        attempt: 'Attempt',
        outcome: 'Outcome',
        latencyMs: 'Latency (ms)',
        url: 'URL',
        responseExcerpt: 'Response',
        customerId: 'Customer ID',
        clickId: 'Click ID',
        createdAt: 'Time',
      },
    },
  },
  postbacks: {
    home: {
      description: 'Tell your tracker about registrations, deposits and commissions.',
      log: 'Every postback attempt, its answer and latency.',
      rules: 'Decide which events fire which postback.',
      webhooks: 'Signed webhooks for the network’s own systems.',
      webhook_log: 'Every webhook attempt and its answer.',
    },
    status: {
      active: 'Active',
      inactive: 'Inactive',
      disabled: 'Disabled after failures',
    },
    events: {
      registration: 'Registration',
      ftd: 'First deposit (FTD)',
      qualified_cpa: 'Qualified CPA',
      deposit: 'Deposit',
      commission_created: 'Commission created',
    },
    methods: {
      get: 'GET with macros',
      post: 'Signed JSON (POST)',
    },
    outcomes: {
      success: 'Success',
      failure: 'Failure',
    },
    actions: {
      fire: 'Fire',
      skip: 'Skip',
    },
    help: {
      maskCustomerId:
        'An affiliate’s postback is masked whenever the organisation masks customer IDs; this only adds masking',
      url: 'Macros: {click_id}, {p1}…{p10}, {sub1}…{sub10}, {source}, {campaign_id}, {pub_id}, {customer_id}, {event}, {amount}, {payout}, {currency}, {txn_id}, {event_id}',
      affiliate: 'Empty: a global postback for every affiliate',
      countries: 'Two-letter codes separated by commas, e.g. BR, PT',
    },
    test: {
      send: 'Send a test event',
      request: 'Request',
      response: 'Response',
    },
    global: 'Global',
    secret_once: 'Signing secret (shown once, keep it now):',
  },
}
