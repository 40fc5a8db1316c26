/* Admin UI messages of the deep-links plugin (tr). */
export const tr = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    'deep-links': {
      name: 'Derin bağlantılar',
      description:
        'Ortakların bağlantı verebileceği adlandırılmış açılış URL’leri (kuruluşun edl özelliğini gerektirir).',
    },
  },
  resources: {
    'manage/deep-links': {
      name: 'Derin bağlantı |||| Derin bağlantılar',
      notifications: {
        created: 'Derin bağlantı oluşturuldu',
        updated: 'Derin bağlantı kaydedildi',
        deleted: 'Derin bağlantı silindi |||| %{smart_count} derin bağlantı silindi',
      },
      fields: {
        id: 'ID',
        name: 'Ad',
        url: 'URL',
        status: 'Durum',
        campaignId: 'Kampanya',
        createdAt: 'Oluşturulma',
        updatedAt: 'Güncellenme',
        q: 'Ara',
      },
    },
  },
  deep_links: {
    home: { description: 'Bir izleme bağlantısının götürebileceği açılış sayfaları.' },
    status: { active: 'Aktif', inactive: 'Pasif' },
    validation: {
      url_required: 'URL zorunludur',
      url_invalid: 'Geçersiz URL',
      url_too_long: 'URL en fazla 2048 karakter olmalıdır',
    },
  },
}
