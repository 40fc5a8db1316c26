import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import {
  list,
  notFound,
  ok,
  paginate,
  parseList,
  rejectClearedFields,
  scoped,
  updatePanel,
  validate,
} from '@affix/core/kernel'
import AffiliatesPolicy from '../policies/affiliates_policy.js'
import AffiliateRecord from '../models/affiliate_record.js'
import { REFERRED_LIST } from '../lists.js'
import { paymentDetailsOf, presentAffiliates, writePayment, writeProfile } from '../services/affiliates.js'
import { paymentDetailsValidator, updateSelfValidator } from '../validators.js'

/** The caller's own affiliate record (an affiliate only ever reaches itself here). */
async function self(ctx: HttpContext) {
  const row = await scoped(ctx, AffiliateRecord).where('id', ctx.tenant.userId).whereNot('status', 'deleted').first()
  if (!row) throw notFound()
  return row
}

async function presentSelf(ctx: HttpContext) {
  const row = await self(ctx)
  const [record] = await presentAffiliates(ctx, [row], new Set([row.id]))
  return record
}

/** The affiliate panel's own profile, payment details and referred affiliates. */
export default class MeController {
  async show(ctx: HttpContext) {
    await ctx.bouncer.with(AffiliatesPolicy).authorize('readSelf')
    return ok(ctx, await presentSelf(ctx))
  }

  async update(ctx: HttpContext) {
    await ctx.bouncer.with(AffiliatesPolicy).authorize('manageSelf')
    const row = await self(ctx)
    rejectClearedFields(ctx, ['name'], 'affiliates')
    const data = await validate(ctx, updateSelfValidator, 'affiliates')
    await db.transaction(async (trx) => {
      const { contact, skype, name, country, state, city, address, zipcode } = data
      await updatePanel(trx, ctx.tenant.organizationId, row.id, {
        phone: contact,
        skype,
        name,
        country,
        state,
        city,
        address,
        zipcode,
      })
      await writeProfile(trx, ctx.tenant.organizationId, row.id, {
        companyName: data.companyName,
        taxId: data.taxId,
        emailNotification: data.emailNotification,
      })
    })
    return ok(ctx, await presentSelf(ctx))
  }

  async payment(ctx: HttpContext) {
    await ctx.bouncer.with(AffiliatesPolicy).authorize('readSelf')
    const row = await self(ctx)
    return ok(ctx, (await paymentDetailsOf(ctx.tenant.organizationId, [row.id]))(row.id))
  }

  async updatePayment(ctx: HttpContext) {
    await ctx.bouncer.with(AffiliatesPolicy).authorize('manageSelf')
    const row = await self(ctx)
    const data = await validate(ctx, paymentDetailsValidator, 'affiliates')
    await db.transaction((trx) => writePayment(ctx, trx, row.id, data, ''))
    return ok(ctx, (await paymentDetailsOf(ctx.tenant.organizationId, [row.id]))(row.id))
  }

  /** GET /me/referred: who signed up through its referral link (names and status only). */
  async referred(ctx: HttpContext) {
    await ctx.bouncer.with(AffiliatesPolicy).authorize('readSelf')
    await ctx.bouncer.with(AffiliatesPolicy).authorize('readReferred')
    const row = await self(ctx)
    const parsed = parseList(ctx, REFERRED_LIST)
    const page = await paginate(
      scoped(ctx, AffiliateRecord).whereNot('status', 'deleted').where('referred_by', row.id),
      parsed,
      REFERRED_LIST
    )
    return list(
      ctx,
      'referred',
      page.rows.map((referred) => ({
        id: referred.id,
        name: referred.name ?? null,
        status: referred.status,
        createdAt: referred.createdAt?.toISO() ?? null,
      })),
      page
    )
  }
}
