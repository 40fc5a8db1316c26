/*
 * The ledger's settings screens: the referral setting (method, levels 1–3, per-referrer
 * overrides, partner referral; "Global referral does not exist" until one is saved) and brand
 * formula overrides for GGR and NGR (spec §3: a custom formula is required; enabling or
 * disabling needs a confirmation), each save a new version; a live check of formulas
 * against sample values.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError, missingIds, notFound, ok, unprocessable, validate } from '@affix/core/kernel'
import { ledgerAccess } from '../access.js'
import {
  ACTIVITY_NAMES,
  CompiledFormulas,
  checkFormulas,
  dec,
  exact,
  type FormulaError,
  type FormulaKind,
  type FormulaValues,
} from '../engine/index.js'
import { markDirty } from '../ledger/recompute.js'
import { customerIdsOf } from '@affix/customers/contracts'
import {
  formulaCheckValidator,
  formulaValidator,
  referralOverrideValidator,
  referralSettingsValidator,
} from '../validators.js'

const percent = (value: unknown) => (value === null || value === undefined ? null : exact(dec(String(value))))

function presentSetting(row: any, overrides: any[]) {
  return {
    method: row.method as 'ngr' | 'payout',
    levels: [percent(row.level1), percent(row.level2), percent(row.level3)],
    partnerReferral: Boolean(row.partner_referral),
    overrides: overrides.map((override) => ({
      affiliateId: Number(override.affiliate_id),
      levels: [percent(override.level1), percent(override.level2), percent(override.level3)],
    })),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

/** Formula errors as the API answers them: each with its message (en/pt/tr) and position. */
function formulaFailures(ctx: HttpContext, errors: Array<FormulaError & { formula: FormulaKind }>) {
  return errors.map((error) => ({
    field: error.formula,
    rule: error.code,
    position: error.position,
    message: ctx.i18n.t(`payouts.formula.${error.code}`, {
      ...error.data,
      formula: error.formula.toUpperCase(),
      position: error.position + 1,
    }),
  }))
}

export default class SettingsController {
  async showReferral(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts.settings', 'read')
    const row = await db.from('payouts_referral_settings').where('organization_id', access.organizationId).first()
    if (!row) throw new AppError('payouts.referral.not_found', 404, 'not_found')
    const overrides = await db
      .from('payouts_referral_overrides')
      .where('organization_id', access.organizationId)
      .orderBy('affiliate_id')
    return ok(ctx, presentSetting(row, overrides))
  }

  async updateReferral(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts.settings', 'manage')
    const input = await validate(ctx, referralSettingsValidator, 'payouts')
    const now = new Date()
    const values = {
      method: input.method,
      level1: input.levels[0],
      level2: input.levels[1],
      level3: input.levels[2],
      partner_referral: input.partnerReferral ?? false,
      updated_by: access.userId,
      updated_at: now,
    }
    await db
      .insertQuery()
      .table('payouts_referral_settings')
      .insert({ organization_id: access.organizationId, ...values })
      .onConflict('organization_id')
      .merge(Object.keys(values))
    return this.showReferral(ctx)
  }

  async updateReferralOverride(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts.settings', 'manage')
    const affiliateId = Number(ctx.params.affiliateId)
    if (
      !Number.isSafeInteger(affiliateId) ||
      (await missingIds(access.organizationId, 'affiliates', [affiliateId])).length
    )
      throw notFound()
    const input = await validate(ctx, referralOverrideValidator, 'payouts')
    const setting = await db.from('payouts_referral_settings').where('organization_id', access.organizationId).first()
    if (!setting) throw new AppError('payouts.referral.not_found', 404, 'not_found')
    const values = { level1: input.levels[0], level2: input.levels[1], level3: input.levels[2] }
    await db
      .insertQuery()
      .table('payouts_referral_overrides')
      .insert({ organization_id: access.organizationId, affiliate_id: affiliateId, ...values })
      .onConflict(['organization_id', 'affiliate_id'])
      .merge(Object.keys(values))
    return this.showReferral(ctx)
  }

  async deleteReferralOverride(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts.settings', 'manage')
    const removed = await db
      .from('payouts_referral_overrides')
      .where({ organization_id: access.organizationId, affiliate_id: Number(ctx.params.affiliateId) || 0 })
      .delete()
    if (!Number(removed)) throw notFound()
    return this.showReferral(ctx)
  }

  private async brandOf(ctx: HttpContext, organizationId: number) {
    const brandId = Number(ctx.params.brandId)
    if (
      !Number.isSafeInteger(brandId) ||
      brandId <= 0 ||
      (await missingIds(organizationId, 'brands', [brandId])).length
    )
      throw notFound()
    return brandId
  }

  async showFormula(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts.settings', 'read')
    const brandId = await this.brandOf(ctx, access.organizationId)
    const versions = await db
      .from('payouts_brand_formulas')
      .where({ organization_id: access.organizationId, brand_id: brandId })
      .orderBy('version', 'desc')
    const present = (row: any) => ({
      version: Number(row.version),
      ggr: row.ggr ?? null,
      ngr: row.ngr ?? null,
      enabled: Boolean(row.enabled),
      createdBy: row.created_by ?? null,
      createdAt: new Date(row.created_at).toISOString(),
    })
    return ok(ctx, {
      brandId,
      current: versions.length ? present(versions[0]) : null,
      defaults: { ggr: 'bets - wins', ngr: 'ggr - bonuses - chargebacks - fees - jackpot' },
      versions: versions.map(present),
    })
  }

  async updateFormula(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts.settings', 'manage')
    const brandId = await this.brandOf(ctx, access.organizationId)
    const input = await validate(ctx, formulaValidator, 'payouts')
    const ggr = input.ggr || null
    const ngr = input.ngr || null
    // Spec §3: a custom formula is required.
    if (ggr === null && ngr === null)
      throw unprocessable('payouts.formula.required', { fields: [{ field: 'ggr', rule: 'required' }] })
    const errors = checkFormulas({ ggr, ngr })
    if (errors.length) {
      const fields = formulaFailures(ctx, errors)
      throw unprocessable('payouts.formula.invalid', { fields })
    }
    const saved = await db.transaction(async (trx) => {
      await trx.rawQuery('SELECT pg_advisory_xact_lock(?, ?)', [0x466f726d, brandId])
      const last = await trx
        .from('payouts_brand_formulas')
        .where({ organization_id: access.organizationId, brand_id: brandId })
        .orderBy('version', 'desc')
        .first()
      const wasEnabled = Boolean(last?.enabled)
      // Spec §3: enabling or disabling an override is done only after a confirmation.
      if (wasEnabled !== input.enabled && input.confirm !== true)
        throw unprocessable(input.enabled ? 'payouts.formula.confirm_enable' : 'payouts.formula.confirm_disable', {
          fields: [{ field: 'confirm', rule: 'required' }],
        })
      if (last && last.ggr === ggr && last.ngr === ngr && wasEnabled === input.enabled) return Number(last.version)
      const version = Number(last?.version ?? 0) + 1
      await trx.insertQuery().table('payouts_brand_formulas').insert({
        organization_id: access.organizationId,
        brand_id: brandId,
        version,
        ggr,
        ngr,
        enabled: input.enabled,
        created_by: access.userId,
        created_at: new Date(),
      })
      // Open periods follow the current version: the brand's customers are recomputed.
      await markDirty(
        access.organizationId,
        await customerIdsOf(access.organizationId, { brandIds: [brandId] }, trx),
        trx
      )
      return version
    })
    ctx.response.header('x-formula-version', String(saved))
    return this.showFormula(ctx)
  }

  /** Checks formulas and evaluates them against sample values (nothing is saved). */
  async checkFormula(ctx: HttpContext) {
    await ledgerAccess(ctx, 'payouts.settings', 'read')
    const input = await validate(ctx, formulaCheckValidator, 'payouts')
    const ggr = input.ggr || null
    const ngr = input.ngr || null
    const errors = checkFormulas({ ggr, ngr })
    if (errors.length) return ok(ctx, { valid: false, errors: formulaFailures(ctx, errors), result: null })
    const values = {} as FormulaValues
    for (const name of ACTIVITY_NAMES) {
      const sample = input.sample?.[name]
      values[name] = dec(sample === undefined ? '0' : String(sample))
    }
    const outcome = new CompiledFormulas({ version: 0, ggr, ngr }).evaluate(values)
    return ok(ctx, {
      valid: true,
      errors: [],
      result: {
        ggr: exact(outcome.ggr),
        ngr: exact(outcome.ngr),
        divisionByZero: outcome.divisionByZero,
      },
    })
  }
}
