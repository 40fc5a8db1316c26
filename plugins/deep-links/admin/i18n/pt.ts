/* Admin UI messages of the deep-links plugin (pt). */
export const pt = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    'deep-links': {
      name: 'Deep links',
      description:
        'URLs de destino nomeadas para as quais os afiliados podem apontar (requer o recurso edl da organização).',
    },
  },
  resources: {
    'manage/deep-links': {
      name: 'Deep link |||| Deep links',
      notifications: {
        created: 'Deep link criado',
        updated: 'Deep link salvo',
        deleted: 'Deep link excluído |||| %{smart_count} deep links excluídos',
      },
      fields: {
        id: 'ID',
        name: 'Nome',
        url: 'URL',
        status: 'Status',
        campaignId: 'Campanha',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
        q: 'Pesquisar',
      },
    },
  },
  deep_links: {
    home: { description: 'Páginas de destino às quais um link de rastreamento pode levar.' },
    status: { active: 'Ativo', inactive: 'Inativo' },
    validation: {
      url_required: 'URL é obrigatória',
      url_invalid: 'URL inválida',
      url_too_long: 'A URL deve ter no máximo 2048 caracteres',
    },
  },
}
