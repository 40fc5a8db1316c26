/*
 * The `signup` plugin (spec §3 "Signup form field", §4 auto approve, §7 /register/affiliate):
 * people sign up on an organisation's form as affiliates (optionally through a campaign
 * link, or a referral link) or brands, and the organisation sets the form (auto approve and
 * custom fields). Per organisation: switched off, its forms answer 404 and nobody can sign up.
 *
 * The new panel is core's (users): the plugin creates it through the kernel (addSignedUpPanel:
 * the one panel that gets a password at creation, because the person typed it), mails through
 * the kernel (mailPanels) and tells other plugins through core's panelSignup hook (the
 * affiliates plugin records the referral). An organisation's own registration
 * (/api/v1/auth/register) and every verification link stay with core's identity.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { signupPublicRoutes, signupRoutes } from './routes.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'signup',
  name: 'Signup',
  description: "Affiliate and brand signup on the organisation's form, with auto approve and custom fields",
  dependsOn: [],
  lang: here('../resources/lang'),
  routes: signupRoutes,
  publicRoutes: signupPublicRoutes,
  // The forms live beside the settings: /api/v1/signup/affiliate/{orgId}, /api/v1/signup/settings.
  publicMount: { path: 'signup' },
})
