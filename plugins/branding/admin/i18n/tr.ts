/* Admin UI messages of the branding plugin (tr). */
export const tr = {
  // The plugin's name and description (Integrations).
  plugins: {
    branding: {
      name: 'Marka',
      description:
        'Beyaz etiket logo, giriş logosu ve simge: kenar çubuğu, favicon ve giriş sayfaları bunları gösterir.',
    },
  },
  branding: {
    logos: {
      title: 'Logolar',
      help: 'Tam olarak gösterilen boyutta PNG, JPEG, WebP, GIF veya SVG; en fazla 2 MB.',
      kinds: { logo: 'Logo', loginLogo: 'Giriş logosu', icon: 'Simge' },
      size: '%{width} × %{height} piksel',
      none: 'Henüz görsel yok',
      upload: 'Yükle',
      uploaded: '%{name} yüklendi',
      remove: 'Kaldır',
      remove_title: '%{name} kaldırılsın mı?',
      remove_confirm: 'Yerine varsayılan görsel gösterilir.',
      removed: '%{name} kaldırıldı',
    },
  },
}
