/* Admin UI messages of the oidc plugin (en). */
export const en = {
  // The plugin's name and description (Integrations).
  plugins: {
    oidc: {
      name: 'OpenID Connect sign-in',
      description: 'Sign in with an external OpenID Connect provider, set up for the whole platform.',
    },
  },
  oidc: {
    login: {
      button: 'Sign in with SSO',
      not_configured: 'Sign-in with an external provider is no longer set up.',
      or: 'or',
    },
    callback: {
      signing_in: 'Signing you in…',
      failed_title: 'Sign-in failed',
      missing_code: 'This sign-in attempt is invalid, has expired or was already used. Please sign in again.',
      foreign_state: 'This sign-in was not started in this browser, or it was already used. Please sign in again.',
    },
  },
}
