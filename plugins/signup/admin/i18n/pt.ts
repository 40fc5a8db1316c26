/* Admin UI messages of the signup plugin (pt): the public signup pages and the sections of /settings. */
export const pt = {
  // The plugin's name and description (Integrations).
  plugins: {
    signup: {
      name: 'Cadastro de afiliados e anunciantes',
      description:
        'Páginas públicas de cadastro de afiliados e anunciantes e o formulário de cadastro da organização: seus campos personalizados e a aprovação automática.',
    },
  },
  signup: {
    // The public signup page (/register/affiliate/:orgId, /register/:type/:orgId).
    page: {
      title_affiliate: 'Cadastro de afiliado',
      title_brand: 'Cadastro de anunciante',
      subtitle: 'Junte-se a %{organization}',
      campaign: 'Cadastro para a campanha #%{id}',
      submit: 'Cadastrar',
      have_account: 'Já tem uma conta? Entre',
      pending_title: 'Sua conta está aguardando aprovação',
      file_hint: 'Um link para o arquivo ou o nome dele',
    },
    // The page's checks of the organisation's custom fields; the server's messages read the same.
    custom_field: {
      required: '%{field} é obrigatório',
      max_length: '%{field} deve ter no máximo %{max} caracteres',
      min: '%{field} deve ter pelo menos %{min} caracteres',
      max: '%{field} deve ter no máximo %{max} caracteres',
      numeric: '%{field} deve conter apenas números',
      alphabets: '%{field} deve conter apenas letras',
      alphanumeric: '%{field} deve conter apenas letras e números',
      select: 'Por favor, selecione um valor',
    },
    // /settings: the signup form section, its custom fields editor and the signup link.
    settings: {
      title: 'Formulário de cadastro de afiliados',
      help: 'O que os novos afiliados preenchem ao se cadastrar e se são aprovados imediatamente.',
      autoApprove: 'Aprovar novos afiliados automaticamente',
      autoApprove_help: 'Novos afiliados ficam ativos imediatamente; caso contrário, aguardam aprovação.',
      saved: 'Formulário de cadastro salvo',
    },
    fields: {
      title: 'Campos personalizados',
      help: 'Exibidos no formulário de cadastro nesta ordem.',
      name: 'Nome do campo',
      name_help: 'Letras minúsculas, dígitos e _',
      label: 'Rótulo',
      type: 'Tipo',
      required: 'Obrigatório',
      hidden: 'Oculto',
      options: 'Opções',
      options_help: 'As opções da seleção; digite uma e pressione Enter.',
      validation: 'Validação',
      validation_type: 'Regra',
      validation_value: 'Tamanho',
      validation_message: 'Mensagem',
      validation_message_help: 'Exibida quando a regra falha (opcional).',
      types: {
        text: 'Texto',
        file: 'Arquivo',
        select: 'Seleção',
        alphanumeric: 'Alfanumérico',
        numeric: 'Numérico',
        alphabets: 'Letras',
        custom: 'Personalizado',
      },
      validation_types: {
        min: 'Tamanho mínimo',
        max: 'Tamanho máximo',
        alphanumeric: 'Alfanumérico',
        numeric: 'Numérico',
        alphabets: 'Letras',
      },
      too_many: 'No máximo 50 campos personalizados',
      name_required: 'O nome do campo é obrigatório',
      name_pattern: 'Use apenas letras minúsculas, dígitos e _ (no máximo 64)',
      name_unique: 'Outro campo já tem este nome',
      label_required: 'O rótulo é obrigatório',
      too_long: 'No máximo 350 caracteres',
      type_required: 'Selecione um valor',
      options_required: 'Uma seleção precisa de pelo menos uma opção',
      options_too_many: 'No máximo 100 opções',
      validation_type_required: 'Selecione um valor',
      validation_value_required: 'Um número inteiro de 0 a 350',
    },
    url: {
      title: 'Link de cadastro de afiliados',
      help: 'Compartilhe este link com novos afiliados.',
      label: 'URL de cadastro de afiliados',
      open: 'Abrir',
    },
  },
}
