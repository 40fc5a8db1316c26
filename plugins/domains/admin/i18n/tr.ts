/* Admin UI messages of the domains plugin (tr). */
export const tr = {
  resources: {
    domains: {
      name: 'Alan adı |||| Alan adları',
      fields: { name: 'Sunucu adı', baseUrl: 'Temel URL', protocol: 'Protokol', ssl: 'TLS sertifikası', visibility: 'Görünürlük', affiliateIds: 'Ortaklar', type: 'Tür', status: 'Durum', isDefault: 'Varsayılan takip alan adı', createdAt: 'Oluşturulma' },
    },
  },
  domains: {
    status: { active: 'Aktif', inactive: 'Pasif' },
    types: { tracking: 'Takip', white_label: 'Beyaz etiket' },
    visibility: { public: 'Tüm affiliate\u2019ler', private: 'Seçili affiliate\u2019ler' },
    default: 'Varsayılan',
    help: { name: 'ör. track.example.com (DNS kaydını bu sunucuya yönlendirin)' },
    validation: { hostname: 'track.example.com gibi bir sunucu adı girin', https_needs_ssl: 'https için TLS sertifikası gerekir' },
  },
}
