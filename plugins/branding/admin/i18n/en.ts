/* Admin UI messages of the branding plugin (en). */
export const en = {
  // The plugin's name and description (Integrations).
  plugins: {
    branding: {
      name: 'Branding',
      description: 'White-label logo, login logo and icon: the sidebar, the favicon and the login pages show them.',
    },
  },
  branding: {
    logos: {
      title: 'Logos',
      help: 'PNG, JPEG, WebP, GIF or SVG of exactly the size shown, at most 2 MB.',
      kinds: { logo: 'Logo', loginLogo: 'Login logo', icon: 'Icon' },
      size: '%{width} × %{height} pixels',
      none: 'No image yet',
      upload: 'Upload',
      uploaded: '%{name} uploaded',
      remove: 'Remove',
      remove_title: 'Remove the %{name}?',
      remove_confirm: 'The default image is shown instead.',
      removed: '%{name} removed',
    },
  },
}
