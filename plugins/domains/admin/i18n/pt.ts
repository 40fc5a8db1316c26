/* Admin UI messages of the domains plugin (pt-BR). */
export const pt = {
  resources: {
    domains: {
      name: 'Domínio |||| Domínios',
      fields: { name: 'Nome do host', baseUrl: 'URL base', protocol: 'Protocolo', ssl: 'Certificado TLS', visibility: 'Visibilidade', affiliateIds: 'Afiliados', type: 'Tipo', status: 'Status', isDefault: 'Domínio de rastreamento padrão', createdAt: 'Criado em' },
    },
  },
  domains: {
    status: { active: 'Ativo', inactive: 'Inativo' },
    types: { tracking: 'Rastreamento', white_label: 'White label' },
    visibility: { public: 'Todos os afiliados', private: 'Afiliados selecionados' },
    default: 'Padrão',
    help: { name: 'ex.: track.exemplo.com (aponte o DNS para este servidor)' },
    validation: { hostname: 'Informe um nome de host como track.exemplo.com', https_needs_ssl: 'https precisa de um certificado TLS' },
  },
}
