/* Admin UI messages of the postbacks plugin (tr). */
export const tr = {
  plugins: {
    postbacks: {
      name: 'Postback ve webhook',
      description: 'Makrolu ve kurallı ortak postbackleri, kayıtları ve test aracı, imzalı webhookler.',
    },
  },
  resources: {
    'manage/postback': {
      name: 'Postback |||| Postbackler',
      notifications: {
        created: 'Postback eklendi',
        updated: 'Postback kaydedildi',
        deleted: 'Postback silindi |||| %{smart_count} postback silindi',
      },
      fields: {
        name: 'Ad',
        affiliateId: 'Ortak',
        events: 'Olaylar',
        campaignIds: 'Kampanyalar',
        method: 'Yöntem',
        url: 'URL',
        maskCustomerId: 'Müşteri kimliğini her zaman maskele',
        status: 'Durum',
        createdAt: 'Oluşturuldu',
      },
    },
    'manage/postback-log': {
      name: 'Postback kaydı',
      fields: {
        event: 'Olay',
        attempt: 'Deneme',
        outcome: 'Sonuç',
        latencyMs: 'Gecikme (ms)',
        url: 'URL',
        responseExcerpt: 'Yanıt',
        customerId: 'Müşteri kimliği',
        clickId: 'Tıklama kimliği',
        createdAt: 'Zaman',
      },
    },
    'manage/pbrules': {
      name: 'Postback kuralı |||| Postback kuralları',
      notifications: {
        created: 'Kural eklendi',
        updated: 'Kural kaydedildi',
        deleted: 'Kural silindi |||| %{smart_count} kural silindi',
      },
      fields: {
        name: 'Ad',
        postbackId: 'Postback',
        action: 'Eylem',
        priority: 'Öncelik',
        events: 'Olaylar',
        countries: 'Ülkeler',
        minAmount: 'Minimum tutar',
        maxAmount: 'Maksimum tutar',
        samplePercent: 'Örnekleme %',
        status: 'Durum',
      },
    },
    'configuration/webhook-configs': {
      name: 'Webhook |||| Webhookler',
      notifications: {
        created: 'Webhook eklendi',
        updated: 'Webhook kaydedildi',
        deleted: 'Webhook silindi |||| %{smart_count} webhook silindi',
      },
      fields: {
        name: 'Ad',
        url: 'URL',
        events: 'Olaylar',
        status: 'Durum',
      },
    },
    'configuration/webhook-logs': {
      name: 'Webhook kaydı',
      fields: {
        event: 'Olay',
        attempt: 'Deneme',
        outcome: 'Sonuç',
        latencyMs: 'Gecikme (ms)',
        url: 'URL',
        responseExcerpt: 'Yanıt',
        customerId: 'Müşteri kimliği',
        clickId: 'Tıklama kimliği',
        createdAt: 'Zaman',
      },
    },
  },
  postbacks: {
    home: {
      description: 'Takipçinize kayıtları, yatırımları ve komisyonları bildirin.',
      log: 'Her postback denemesi, yanıtı ve gecikmesi.',
      rules: 'Hangi olayların hangi postbacki tetikleyeceğine karar verin.',
      webhooks: 'Ağın kendi sistemleri için imzalı webhookler.',
      webhook_log: 'Her webhook denemesi ve yanıtı.',
    },
    status: {
      active: 'Aktif',
      inactive: 'Pasif',
      disabled: 'Hatalardan sonra devre dışı',
    },
    events: {
      registration: 'Kayıt',
      ftd: 'İlk yatırım (FTD)',
      qualified_cpa: 'Nitelikli CPA',
      deposit: 'Yatırım',
      commission_created: 'Komisyon oluşturuldu',
    },
    methods: {
      get: 'Makrolu GET',
      post: 'İmzalı JSON (POST)',
    },
    outcomes: {
      success: 'Başarılı',
      failure: 'Başarısız',
    },
    actions: {
      fire: 'Tetikle',
      skip: 'Atla',
    },
    help: {
      maskCustomerId:
        'Kuruluş müşteri kimliklerini maskelediğinde bir ortağın postback’i her zaman maskelenir; bu seçenek yalnızca maskeleme ekler',
      url: 'Makrolar: {click_id}, {p1}…{p10}, {sub1}…{sub10}, {source}, {campaign_id}, {pub_id}, {customer_id}, {event}, {amount}, {payout}, {currency}, {txn_id}, {event_id}',
      affiliate: 'Boş: tüm ortaklar için genel bir postback',
      countries: 'Virgülle ayrılmış iki harfli kodlar, örn. BR, PT',
    },
    test: {
      send: 'Test olayı gönder',
      request: 'İstek',
      response: 'Yanıt',
    },
    global: 'Genel',
    secret_once: 'İmzalama anahtarı (bir kez gösterilir, şimdi saklayın):',
  },
}
