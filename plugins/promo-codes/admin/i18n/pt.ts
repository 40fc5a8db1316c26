/* Admin UI messages of the promo-codes plugin (pt). */
export const pt = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    'promo-codes': {
      name: 'Códigos promocionais',
      description: 'Códigos promocionais com bônus, datas, tipo e afiliados incluídos ou excluídos.',
    },
  },
  resources: {
    'manage/promo-code': {
      name: 'Código promocional |||| Códigos promocionais',
      notifications: {
        created: 'Código promocional criado',
        updated: 'Código promocional salvo',
        deleted: 'Código promocional excluído |||| %{smart_count} códigos promocionais excluídos',
      },
      fields: {
        id: 'ID',
        code: 'Código',
        bonus: 'Bônus',
        bonusCurrency: 'Moeda do bônus',
        campaignId: 'Campanha',
        affiliateId: 'Afiliado',
        type: 'Tipo',
        origin: 'Origem',
        status: 'Status',
        startDate: 'Data de início',
        endDate: 'Data de término',
        enabled: 'Habilitado',
        description: 'Descrição',
        affiliateSelection: 'Seleção de afiliados',
        includedAffiliateIds: 'Afiliados incluídos',
        excludedAffiliateIds: 'Afiliados excluídos',
        createdAt: 'Criado em',
        q: 'Pesquisar',
      },
    },
  },
  promo_codes: {
    home: {
      description: 'Códigos promocionais com bônus, datas e quem pode usá-los.',
      description_affiliate: 'Os códigos promocionais que você pode oferecer ao seu público.',
    },
    type: { generic: 'Genérico', exclusive: 'Exclusivo', one_time: 'Uso único' },
    origin: { organic: 'Orgânico', inorganic: 'Inorgânico' },
    selection: { all: 'Todos os afiliados', include: 'Incluir afiliados', exclude: 'Excluir afiliados' },
    status: { active: 'Ativo', future: 'Futuro', expired: 'Expirado', inactive: 'Inativo' },
    help: {
      currency: 'A moeda da organização quando vazio.',
      affiliate_required: 'Obrigatório para códigos exclusivos e de uso único.',
      affiliate_optional: 'Opcional para códigos genéricos.',
      selection: 'Incluir ou excluir afiliados: um ou outro.',
    },
    validation: {
      code: 'O código pode conter apenas letras, dígitos, - e _',
      bonus_min: 'O bônus deve ser no mínimo 0',
      bonus_decimals: 'O bônus deve ter no máximo 2 casas decimais',
    },
    errors: {
      affiliate_required: 'Códigos promocionais exclusivos e de uso único precisam de um afiliado',
      include_needs_one: 'A inclusão precisa de pelo menos um afiliado',
      exclude_needs_one: 'A exclusão precisa de pelo menos um afiliado',
      end_before_start: 'A data de término deve ser posterior à data de início',
    },
  },
  affix: { export: { done: 'Exportado. O arquivo também está em Downloads.' } },
}
