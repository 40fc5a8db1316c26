/* Admin UI messages of the tracking plugin (tr). */
import type { en } from './en'

export const tr: typeof en = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    tracking: {
      name: 'Tıklama izleme',
      description: 'Tıklama yönlendirmesi, tıklama kayıtları, gerçek zamanlı limitler ve tıklama ölçümleri.',
    },
  },
  resources: {
    'engagements/click': {
      name: 'Tıklama |||| Tıklamalar',
      empty: 'Henüz tıklama yok. Ziyaretçiler izleme bağlantılarını izledikçe burada görünürler.',
      fields: {
        createdAt: 'Zaman',
        clickId: 'Tıklama kimliği',
        campaignId: 'Kampanya',
        affiliateId: 'Ortak',
        outcome: 'Sonuç',
        reason: 'Neden',
        country: 'Ülke',
        device: 'Cihaz',
        source: 'Kaynak',
        ip: 'IP adresi',
        language: 'Dil',
        referrer: 'Yönlendiren',
        destination: 'Gönderildiği adres',
        deepLinkUrl: 'Derin bağlantı',
        userAgent: 'Kullanıcı aracısı',
        params: 'Parametreler',
        fraud: 'Dolandırıcılık',
      },
    },
  },
  tracking: {
    // The dashboard's figure (admin/index.ts glance).
    glance: { clicks: 'Tıklamalar, son 30 gün' },
    home: { clicks: 'Bağlantılarınızdaki her tıklamayı görün: nereye gönderildiğini ve reddedildiyse nedenini.' },
    outcomes: { redirect: 'Yönlendirildi', fallback: 'Yedek adres', rejected: 'Reddedildi' },
    reasons: {
      paused: 'Kampanya duraklatıldı',
      disabled: 'Kampanya devre dışı',
      expired: 'Kampanyanın süresi doldu',
      cap_reached: 'Limite ulaşıldı',
      targeting: 'Hedeflemenin dışında',
      blocked_affiliate: 'Ortak engellendi',
      not_approved: 'Ortak onaylanmadı',
      fraud_block: 'Bir dolandırıcılık kuralı engelledi',
      unknown_affiliate: 'Bilinmeyen ortak',
      unknown_campaign: 'Bilinmeyen kampanya',
    },
    fraud: { mark: 'İşaretlendi', block: 'Engellendi' },
    filters: { from: 'Başlangıç', to: 'Bitiş' },
    url_ignored: 'url parametresi kampanyanın izin vermediği bir alan adını gösteriyordu',
  },
}
