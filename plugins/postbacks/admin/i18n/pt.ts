/* Admin UI messages of the postbacks plugin (pt). */
export const pt = {
  plugins: {
    postbacks: {
      name: 'Postbacks e webhooks',
      description: 'Postbacks de afiliados com macros e regras, seus logs e ferramenta de teste, e webhooks assinados.',
    },
  },
  resources: {
    'manage/postback': {
      name: 'Postback |||| Postbacks',
      notifications: {
        created: 'Postback adicionado',
        updated: 'Postback salvo',
        deleted: 'Postback excluído |||| %{smart_count} postbacks excluídos',
      },
      fields: {
        name: 'Nome',
        affiliateId: 'Afiliado',
        events: 'Eventos',
        campaignIds: 'Campanhas',
        method: 'Método',
        url: 'URL',
        maskCustomerId: 'Sempre mascarar o ID do cliente',
        status: 'Status',
        createdAt: 'Criado',
      },
    },
    'manage/postback-log': {
      name: 'Log de postbacks',
      fields: {
        event: 'Evento',
        attempt: 'Tentativa',
        outcome: 'Resultado',
        latencyMs: 'Latência (ms)',
        url: 'URL',
        responseExcerpt: 'Resposta',
        customerId: 'ID do cliente',
        clickId: 'ID do clique',
        createdAt: 'Hora',
      },
    },
    'manage/pbrules': {
      name: 'Regra de postback |||| Regras de postback',
      notifications: {
        created: 'Regra adicionada',
        updated: 'Regra salva',
        deleted: 'Regra excluída |||| %{smart_count} regras excluídas',
      },
      fields: {
        name: 'Nome',
        postbackId: 'Postback',
        action: 'Ação',
        priority: 'Prioridade',
        events: 'Eventos',
        countries: 'Países',
        minAmount: 'Valor mínimo',
        maxAmount: 'Valor máximo',
        samplePercent: 'Amostragem %',
        status: 'Status',
      },
    },
    'configuration/webhook-configs': {
      name: 'Webhook |||| Webhooks',
      notifications: {
        created: 'Webhook adicionado',
        updated: 'Webhook salvo',
        deleted: 'Webhook excluído |||| %{smart_count} webhooks excluídos',
      },
      fields: {
        name: 'Nome',
        url: 'URL',
        events: 'Eventos',
        status: 'Status',
      },
    },
    'configuration/webhook-logs': {
      name: 'Log de webhooks',
      fields: {
        event: 'Evento',
        attempt: 'Tentativa',
        outcome: 'Resultado',
        latencyMs: 'Latência (ms)',
        url: 'URL',
        responseExcerpt: 'Resposta',
        customerId: 'ID do cliente',
        clickId: 'ID do clique',
        createdAt: 'Hora',
      },
    },
  },
  postbacks: {
    home: {
      description: 'Informe seu rastreador sobre cadastros, depósitos e comissões.',
      log: 'Cada tentativa de postback, sua resposta e latência.',
      rules: 'Decida quais eventos disparam qual postback.',
      webhooks: 'Webhooks assinados para os sistemas da própria rede.',
      webhook_log: 'Cada tentativa de webhook e sua resposta.',
    },
    status: {
      active: 'Ativo',
      inactive: 'Inativo',
      disabled: 'Desativado após falhas',
    },
    events: {
      registration: 'Cadastro',
      ftd: 'Primeiro depósito (FTD)',
      qualified_cpa: 'CPA qualificado',
      deposit: 'Depósito',
      commission_created: 'Comissão criada',
    },
    methods: {
      get: 'GET com macros',
      post: 'JSON assinado (POST)',
    },
    outcomes: {
      success: 'Sucesso',
      failure: 'Falha',
    },
    actions: {
      fire: 'Disparar',
      skip: 'Ignorar',
    },
    help: {
      maskCustomerId:
        'O postback de um afiliado é mascarado sempre que a organização mascara os IDs de cliente; esta opção só acrescenta mascaramento',
      url: 'Macros: {click_id}, {p1}…{p10}, {sub1}…{sub10}, {source}, {campaign_id}, {pub_id}, {customer_id}, {event}, {amount}, {payout}, {currency}, {txn_id}, {event_id}',
      affiliate: 'Vazio: um postback global para todos os afiliados',
      countries: 'Códigos de duas letras separados por vírgulas, ex.: BR, PT',
    },
    test: {
      send: 'Enviar um evento de teste',
      request: 'Requisição',
      response: 'Resposta',
    },
    global: 'Global',
    secret_once: 'Segredo de assinatura (mostrado uma vez, guarde-o agora):',
  },
}
