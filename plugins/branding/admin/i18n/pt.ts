/* Admin UI messages of the branding plugin (pt). */
export const pt = {
  // The plugin's name and description (Integrations).
  plugins: {
    branding: {
      name: 'Marca',
      description:
        'Logotipo, logotipo de login e ícone próprios: a barra lateral, o favicon e as páginas de login os exibem.',
    },
  },
  branding: {
    logos: {
      title: 'Logotipos',
      help: 'PNG, JPEG, WebP, GIF ou SVG exatamente do tamanho indicado, até 2 MB.',
      kinds: { logo: 'Logotipo', loginLogo: 'Logotipo de login', icon: 'Ícone' },
      size: '%{width} × %{height} pixels',
      none: 'Nenhuma imagem ainda',
      upload: 'Enviar',
      uploaded: '%{name} enviado',
      remove: 'Remover',
      remove_title: 'Remover o %{name}?',
      remove_confirm: 'A imagem padrão será exibida no lugar.',
      removed: '%{name} removido',
    },
  },
}
