/* Admin UI messages of the domains plugin (pt-BR). */
export const pt = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    domains: {
      name: 'Domínios de rastreamento',
      description: 'Domínios de rastreamento e white-label usados nos links de rastreamento dos afiliados.',
    },
  },
  resources: {
    'configuration/tracking/domains': {
      name: 'Domínio |||| Domínios',
      notifications: {
        created: 'Domínio adicionado',
        updated: 'Domínio salvo',
        deleted: 'Domínio excluído |||| %{smart_count} domínios excluídos',
      },
      fields: {
        name: 'Nome do host',
        baseUrl: 'URL base',
        protocol: 'Protocolo',
        ssl: 'Certificado TLS',
        visibility: 'Visibilidade',
        affiliateIds: 'Afiliados',
        type: 'Tipo',
        status: 'Status',
        isDefault: 'Domínio de rastreamento padrão',
        createdAt: 'Criado em',
      },
    },
  },
  domains: {
    home: { description: 'Domínios de rastreamento e white-label para os links.' },
    status: { active: 'Ativo', inactive: 'Inativo' },
    types: { tracking: 'Rastreamento', white_label: 'White label' },
    visibility: { public: 'Todos os afiliados', private: 'Afiliados selecionados' },
    default: 'Padrão',
    help: { name: 'ex.: track.exemplo.com (aponte o DNS para este servidor)' },
    validation: {
      hostname: 'Informe um nome de host como track.exemplo.com',
      https_needs_ssl: 'https precisa de um certificado TLS',
    },
  },
}
