/* Admin UI messages of the deep-links plugin (tr). */
export const tr = {
  resources: {
    'deep-links': {
      name: 'Derin bağlantı |||| Derin bağlantılar',
      fields: { id: 'ID', name: 'Ad', url: 'URL', status: 'Durum', campaignId: 'Kampanya', createdAt: 'Oluşturulma', updatedAt: 'Güncellenme', q: 'Ara' },
    },
  },
  deep_links: {
    status: { active: 'Aktif', inactive: 'Pasif' },
    validation: { url_required: 'URL zorunludur', url_invalid: 'Geçersiz URL', url_too_long: 'URL en fazla 2048 karakter olmalıdır' },
  },
}
