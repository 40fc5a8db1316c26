import type { HttpContext } from '@adonisjs/core/http'
import { authorize, ok, startImport } from '@affix/core/kernel'
import { affiliateImport, affiliateImportSample } from '../services/affiliate_import.js'
import { affiliateUpdateImport, affiliateUpdateSample } from '../services/affiliate_update_import.js'

/** Affiliate CSV import and update: checked at once, then processed in the background (202). */
export default class AffiliateImportsController {
  async import(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'manage')
    return ok(ctx, await startImport(ctx, affiliateImport), 202)
  }

  async importUpdate(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'manage')
    return ok(ctx, await startImport(ctx, affiliateUpdateImport), 202)
  }

  async importSample(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'manage')
    return sample(ctx, 'affiliates-sample.csv', affiliateImportSample())
  }

  async updateSample(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'manage')
    return sample(ctx, 'affiliate-updates-sample.csv', affiliateUpdateSample())
  }
}

function sample(ctx: HttpContext, name: string, body: string) {
  ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
  ctx.response.header('Content-Disposition', `attachment; filename="${name}"`)
  return body
}
