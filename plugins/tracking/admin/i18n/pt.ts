/* Admin UI messages of the tracking plugin (pt). */
import type { en } from './en'

export const pt: typeof en = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    tracking: {
      name: 'Rastreamento de cliques',
      description:
        'O redirecionamento dos cliques, os registros de cliques, os limites em tempo real e os benchmarks de cliques.',
    },
  },
  resources: {
    'engagements/click': {
      name: 'Clique |||| Cliques',
      empty: 'Ainda não há cliques. Eles aparecem aqui quando visitantes seguem links de rastreamento.',
      fields: {
        createdAt: 'Hora',
        clickId: 'ID do clique',
        campaignId: 'Campanha',
        affiliateId: 'Afiliado',
        outcome: 'Resultado',
        reason: 'Motivo',
        country: 'País',
        device: 'Dispositivo',
        source: 'Origem',
        ip: 'Endereço IP',
        language: 'Idioma',
        referrer: 'Referenciador',
        destination: 'Enviado para',
        deepLinkUrl: 'Deep link',
        userAgent: 'User agent',
        params: 'Parâmetros',
        fraud: 'Fraude',
      },
    },
  },
  tracking: {
    // The dashboard's figure (admin/index.ts glance).
    glance: { clicks: 'Cliques, últimos 30 dias' },
    home: { clicks: 'Veja cada clique nos seus links: para onde foi enviado e, quando recusado, por quê.' },
    outcomes: { redirect: 'Redirecionado', fallback: 'Alternativo', rejected: 'Recusado' },
    reasons: {
      paused: 'Campanha pausada',
      disabled: 'Campanha desativada',
      expired: 'Campanha expirada',
      cap_reached: 'Limite atingido',
      targeting: 'Fora da segmentação',
      blocked_affiliate: 'Afiliado bloqueado',
      not_approved: 'Afiliado não aprovado',
      fraud_block: 'Bloqueado por uma regra antifraude',
      unknown_affiliate: 'Afiliado desconhecido',
      unknown_campaign: 'Campanha desconhecida',
    },
    fraud: { mark: 'Marcado', block: 'Bloqueado' },
    filters: { from: 'De', to: 'Até' },
    url_ignored: 'o parâmetro url apontava para um domínio que a campanha não permite',
  },
}
