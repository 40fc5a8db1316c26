/* Admin UI messages of the fraud plugin (pt-BR). */
export const pt = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    fraud: {
      name: 'Regras antifraude',
      description: 'Regras antifraude (data center, proxy, lista negra, dispositivo) aplicadas aos cliques.',
    },
  },
  resources: {
    'configuration/tracking/fraud-rules': {
      name: 'Regra antifraude |||| Regras antifraude',
      notifications: {
        created: 'Regra antifraude criada',
        updated: 'Regra antifraude salva',
        deleted: 'Regra antifraude excluída |||| %{smart_count} regras antifraude excluídas',
      },
      fields: {
        name: 'Nome',
        type: 'Tipo',
        action: 'Ação',
        status: 'Status',
        createdAt: 'Criada em',
        brandSelection: 'Marcas',
        affiliateSelection: 'Afiliados',
        campaignSelection: 'Campanhas',
        brandIds: 'Marcas',
        affiliateIds: 'Afiliados',
        campaignIds: 'Campanhas',
        ips: 'Endereços e faixas de IP',
        userAgents: 'User agents',
        devices: 'Dispositivos',
        os: 'Sistemas operacionais',
      },
    },
  },
  fraud: {
    status: { active: 'Ativa', inactive: 'Inativa' },
    actions: { mark: 'Marcar como fraude', block: 'Bloquear' },
    types: { data_center: 'Data center', blacklist: 'Lista negra', device: 'Dispositivo', proxy: 'Proxy' },
    selections: { all: 'Todos', include: 'Incluir', exclude: 'Excluir' },
    devices: { desktop: 'Desktop', mobile: 'Celular', tablet: 'Tablet', bot: 'Robô' },
    os: {
      windows: 'Windows',
      macos: 'macOS',
      linux: 'Linux',
      android: 'Android',
      ios: 'iOS',
      chromeos: 'ChromeOS',
      other: 'Outro',
    },
    help: {
      ips: 'Endereços IPv4 ou IPv6 e faixas CIDR, ex.: 203.0.113.0/24',
      user_agents: 'Trechos, sem diferenciar maiúsculas',
    },
  },
}
