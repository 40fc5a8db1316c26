import type { ApiRouter } from '@affix/core/kernel'
import { ImportRecordSchema } from '@affix/core/kernel'

const AffiliateImportsController = () => import('./controllers/affiliate_imports_controller.js')

/** Background CSV import and update of affiliates; progress, cancel and failed rows are core's /api/v1/imports. */
export function importRoutes(api: ApiRouter) {
  api.post(
    '/affiliates/import',
    {
      name: 'importAffiliates',
      summary:
        'Import affiliates from a CSV file (multipart `file`, at most 10 MB; see the sample). Answers 202 with the queued import: poll GET /api/v1/imports/{id}',
      multipart: { fileField: 'file' },
      response: { status: 202, data: ImportRecordSchema },
    },
    [AffiliateImportsController, 'import']
  )
  api.post(
    '/affiliates/import-update',
    {
      name: 'importAffiliateUpdates',
      summary:
        'Update affiliates from a CSV file keyed by id or email; an empty cell leaves the value unchanged. Answers 202 with the queued import',
      multipart: { fileField: 'file' },
      response: { status: 202, data: ImportRecordSchema },
    },
    [AffiliateImportsController, 'importUpdate']
  )
  api.get(
    '/affiliates/import/sample',
    {
      name: 'affiliateImportSample',
      summary: 'Sample CSV file of the affiliate import',
      response: { status: 200, raw: 'text/csv' },
    },
    [AffiliateImportsController, 'importSample']
  )
  api.get(
    '/affiliates/import-update/sample',
    {
      name: 'affiliateUpdateSample',
      summary: 'Sample CSV file of the affiliate update',
      response: { status: 200, raw: 'text/csv' },
    },
    [AffiliateImportsController, 'updateSample']
  )
}
