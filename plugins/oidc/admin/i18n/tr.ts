/* Admin UI messages of the oidc plugin (tr). */
export const tr = {
  // The plugin's name and description (Integrations).
  plugins: {
    oidc: {
      name: 'OpenID Connect ile giriş',
      description: 'Tüm platform için yapılandırılmış harici bir OpenID Connect sağlayıcısıyla giriş.',
    },
  },
  oidc: {
    login: {
      button: 'SSO ile giriş yap',
      not_configured: 'Harici bir sağlayıcıyla giriş artık yapılandırılmamış.',
      or: 'veya',
    },
    callback: {
      signing_in: 'Giriş yapılıyor…',
      failed_title: 'Giriş başarısız',
      missing_code: 'Bu giriş denemesi geçersiz, süresi dolmuş veya zaten kullanılmış. Lütfen yeniden giriş yapın.',
      foreign_state: 'Bu giriş bu tarayıcıda başlatılmadı ya da zaten kullanıldı. Lütfen yeniden giriş yapın.',
    },
  },
}
