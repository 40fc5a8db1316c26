/* Admin UI messages of the oauth plugin (pt). */
export const pt = {
  // The plugin's name and description (Integrations).
  plugins: {
    oauth: {
      name: 'Apps OAuth',
      description:
        'Apps OAuth e o fluxo de código de autorização: apps de terceiros agem por uma pessoa que consentiu, dentro dos escopos concedidos.',
    },
  },
  resources: {
    oauth_apps: { name: 'App OAuth |||| Apps OAuth' },
  },
  oauth: {
    tab: 'Apps OAuth',
    create: 'Registrar app OAuth',
    create_button: 'Registrar',
    created_title: 'Seu novo app OAuth',
    clientId: 'ID do cliente',
    clientSecret: 'Segredo do cliente',
    redirectUris: 'URIs de redirecionamento',
    redirect_help:
      'Endereços exatos para onde o app pode devolver os usuários (https; http só para localhost); digite um e pressione Enter.',
    redirect_required: 'Adicione pelo menos uma URI de redirecionamento',
    redirect_max: 'No máximo 10 URIs de redirecionamento',
    redirect_invalid: 'URL inválida: %{uri}',
    revoke_title: 'Revogar o app OAuth %{name}?',
    revoke_confirm: 'Seus códigos e tokens deixam de funcionar imediatamente. Não é possível desfazer.',
    codes: 'Códigos de autorização',
    codes_title: 'Códigos de autorização de %{name}',
    no_codes: 'Nenhum código de autorização foi emitido para este app.',
    issued: 'Emitido em',
    user: 'Usuário',
    redirectUri: 'URI de redirecionamento',
    pkce: 'PKCE',
    usedAt: 'Usado em',
  },
}
