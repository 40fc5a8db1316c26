/* Admin UI messages of the domains plugin (tr). */
export const tr = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    domains: {
      name: 'İzleme alan adları',
      description: 'Ortakların izleme bağlantılarında kullanılan izleme ve beyaz etiket alan adları.',
    },
  },
  resources: {
    'configuration/tracking/domains': {
      name: 'Alan adı |||| Alan adları',
      notifications: {
        created: 'Alan adı eklendi',
        updated: 'Alan adı kaydedildi',
        deleted: 'Alan adı silindi |||| %{smart_count} alan adı silindi',
      },
      fields: {
        name: 'Sunucu adı',
        baseUrl: 'Temel URL',
        protocol: 'Protokol',
        ssl: 'TLS sertifikası',
        visibility: 'Görünürlük',
        affiliateIds: 'Ortaklar',
        type: 'Tür',
        status: 'Durum',
        isDefault: 'Varsayılan takip alan adı',
        createdAt: 'Oluşturulma',
      },
    },
  },
  domains: {
    home: { description: 'Bağlantılar için izleme ve beyaz etiket alan adları.' },
    status: { active: 'Aktif', inactive: 'Pasif' },
    types: { tracking: 'Takip', white_label: 'Beyaz etiket' },
    visibility: { public: 'Tüm ortaklar', private: 'Seçili ortaklar' },
    default: 'Varsayılan',
    help: { name: 'ör. track.example.com (DNS kaydını bu sunucuya yönlendirin)' },
    validation: {
      hostname: 'track.example.com gibi bir sunucu adı girin',
      https_needs_ssl: 'https için TLS sertifikası gerekir',
    },
  },
}
