/* Admin UI messages of the oauth plugin (tr). */
export const tr = {
  // The plugin's name and description (Integrations).
  plugins: {
    oauth: {
      name: 'OAuth uygulamaları',
      description:
        'OAuth uygulamaları ve yetkilendirme kodu akışı: üçüncü taraf uygulamalar, izin veren kişi adına verilen kapsamlar içinde çalışır.',
    },
  },
  resources: {
    oauth_apps: { name: 'OAuth uygulaması |||| OAuth uygulamaları' },
  },
  oauth: {
    tab: 'OAuth uygulamaları',
    create: 'OAuth uygulaması kaydet',
    create_button: 'Kaydet',
    created_title: 'Yeni OAuth uygulamanız',
    clientId: 'İstemci kimliği',
    clientSecret: 'İstemci sırrı',
    redirectUris: 'Yönlendirme URI’leri',
    redirect_help:
      'Uygulamanın kullanıcıları geri gönderebileceği tam adresler (https; http yalnızca localhost için); birini yazıp Enter’a basın.',
    redirect_required: 'En az bir yönlendirme URI’si ekleyin',
    redirect_max: 'En fazla 10 yönlendirme URI’si',
    redirect_invalid: 'Geçersiz URL: %{uri}',
    revoke_title: '%{name} OAuth uygulaması iptal edilsin mi?',
    revoke_confirm: 'Kodları ve belirteçleri hemen çalışmaz hale gelir. Geri alınamaz.',
    codes: 'Yetkilendirme kodları',
    codes_title: '%{name} yetkilendirme kodları',
    no_codes: 'Bu uygulamaya henüz yetkilendirme kodu verilmedi.',
    issued: 'Verilme',
    user: 'Kullanıcı',
    redirectUri: 'Yönlendirme URI’si',
    pkce: 'PKCE',
    usedAt: 'Kullanılma',
  },
}
