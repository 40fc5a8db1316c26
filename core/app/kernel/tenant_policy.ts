/*
 * Base Bouncer policy, for the one case Bouncer is used for: judging a row the caller already
 * sees (say, whether this approved record may still be edited). Every action takes the row
 * (`edit(_user, brand)`), and may combine it with the caller's abilities through `can`.
 * Whether the caller holds an ability at all is `authorize(ctx, subject, action)` (tenancy.ts);
 * which rows it sees is the query's business (`scoped`, team and brand scopes), so a row of
 * another organisation or outside the caller's scope never reaches a policy: it is a 404.
 * tests/unit/row_policies.spec.ts fails on a policy action or a bouncer call without a row.
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
