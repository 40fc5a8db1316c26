/*
 * Base Bouncer policy for tenant resources: it answers from the caller's abilities
 * (spec §6 role grants, narrowed by enabled plugins and feature flags), which the auth
 * middleware computed for this request. Rows of other organisations never reach a
 * policy: tenancy scopes every query first.
 */
import { inject } from '@adonisjs/core'
import { HttpContext } from '@adonisjs/core/http'
import { BasePolicy } from '@adonisjs/bouncer'
import { can } from './tenancy.js'

@inject()
export class TenantPolicy extends BasePolicy {
  constructor(protected ctx: HttpContext) {
    super()
  }

  protected can(subject: string, action: string) {
    return can(this.ctx, subject, action)
  }
}
