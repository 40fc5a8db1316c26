/* Admin UI messages of the deep-links plugin (pt). */
export const pt = {
  resources: {
    'deep-links': {
      name: 'Deep link |||| Deep links',
      fields: { id: 'ID', name: 'Nome', url: 'URL', status: 'Status', campaignId: 'Campanha', createdAt: 'Criado em', updatedAt: 'Atualizado em', q: 'Pesquisar' },
    },
  },
  deep_links: {
    status: { active: 'Ativo', inactive: 'Inativo' },
    validation: { url_required: 'URL é obrigatória', url_invalid: 'URL inválida', url_too_long: 'A URL deve ter no máximo 2048 caracteres' },
  },
}
