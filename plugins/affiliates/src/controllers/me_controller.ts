import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import {
  authorize,
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
    authorize(ctx, 'affiliates.self', 'read')
    return ok(ctx, await presentSelf(ctx))
  }

  async update(ctx: HttpContext) {
    authorize(ctx, 'affiliates.self', 'manage')
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
    authorize(ctx, 'affiliates.self', 'read')
    const row = await self(ctx)
    return ok(ctx, (await paymentDetailsOf(ctx.tenant.organizationId, [row.id]))(row.id))
  }

  async updatePayment(ctx: HttpContext) {
    authorize(ctx, 'affiliates.self', 'manage')
    const row = await self(ctx)
    const data = await validate(ctx, paymentDetailsValidator, 'affiliates')
    await db.transaction((trx) => writePayment(ctx, trx, row.id, data, ''))
    return ok(ctx, (await paymentDetailsOf(ctx.tenant.organizationId, [row.id]))(row.id))
  }

  /** GET /me/referred: who signed up through its referral link (names and status only). */
  async referred(ctx: HttpContext) {
    authorize(ctx, 'affiliates.self', 'read')
    authorize(ctx, 'affiliates.referred', 'read')
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
