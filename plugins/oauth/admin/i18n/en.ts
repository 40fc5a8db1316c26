/* Admin UI messages of the oauth plugin (en). */
export const en = {
  // The plugin's name and description (Integrations).
  plugins: {
    oauth: {
      name: 'OAuth apps',
      description:
        'OAuth apps and the authorization-code grant: third-party apps act for a person who consented, within the scopes granted.',
    },
  },
  resources: {
    oauth_apps: { name: 'OAuth app |||| OAuth apps' },
  },
  oauth: {
    tab: 'OAuth apps',
    create: 'Register OAuth app',
    create_button: 'Register',
    created_title: 'Your new OAuth app',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    redirectUris: 'Redirect URIs',
    redirect_help:
      'Exact addresses the app may send users back to (https; http only for localhost); type one and press Enter.',
    redirect_required: 'Add at least one redirect URI',
    redirect_max: 'At most 10 redirect URIs',
    redirect_invalid: 'Invalid URL: %{uri}',
    revoke_title: 'Revoke the OAuth app %{name}?',
    revoke_confirm: 'Its codes and tokens stop working at once. This cannot be undone.',
    codes: 'Auth codes',
    codes_title: 'Authorization codes of %{name}',
    no_codes: 'No authorization code has been issued to this app.',
    issued: 'Issued',
    user: 'User',
    redirectUri: 'Redirect URI',
    pkce: 'PKCE',
    usedAt: 'Used',
  },
}
