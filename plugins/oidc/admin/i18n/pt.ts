/* Admin UI messages of the oidc plugin (pt). */
export const pt = {
  // The plugin's name and description (Integrations).
  plugins: {
    oidc: {
      name: 'Login com OpenID Connect',
      description: 'Entrar com um provedor OpenID Connect externo, configurado para toda a plataforma.',
    },
  },
  oidc: {
    login: {
      button: 'Entrar com SSO',
      not_configured: 'O login com um provedor externo não está mais configurado.',
      or: 'ou',
    },
    callback: {
      signing_in: 'Entrando…',
      failed_title: 'Falha ao entrar',
      missing_code: 'Esta tentativa de login é inválida, expirou ou já foi usada. Entre novamente.',
      foreign_state: 'Este login não foi iniciado neste navegador ou já foi usado. Entre novamente.',
    },
  },
}
