import type { ApiRouter } from '@affix/core/kernel'
import { listQueryParameters } from '@affix/core/kernel'
import { CAMPAIGN_LIST } from './lists.js'
import { campaignStatusValidator, createCampaignValidator, updateCampaignValidator, urlValidatorValidator } from './validators.js'
import { CampaignBulkResultSchema, CampaignSchema, DeletedCampaignSchema, UrlCheckSchema } from './schemas.js'

const CampaignsController = () => import('./controllers/campaigns_controller.js')
const UrlValidatorController = () => import('./controllers/url_validator_controller.js')

export function campaignsRoutes(api: ApiRouter) {
  api.get('/campaigns', { name: 'listCampaigns', summary: 'List campaigns (affiliates see the public ones)', query: listQueryParameters(CAMPAIGN_LIST), response: { status: 200, list: CampaignSchema } }, [CampaignsController, 'index'])
  api.get('/campaigns/export', { name: 'exportCampaigns', summary: 'Export campaigns as CSV (same filters, search and sort as the list); recorded in the downloads history', query: listQueryParameters(CAMPAIGN_LIST), response: { status: 200, raw: 'text/csv' } }, [CampaignsController, 'export'])
  api.post('/campaigns', { name: 'createCampaign', summary: 'Create a campaign for a live brand of the organisation', body: createCampaignValidator, response: { status: 201, data: CampaignSchema } }, [CampaignsController, 'store'])
  api.post('/campaigns/status', { name: 'setCampaignsStatus', summary: 'Change the status of several campaigns at once (none of a deleted brand)', body: campaignStatusValidator, response: { status: 200, data: CampaignBulkResultSchema } }, [CampaignsController, 'setStatus'])
  api.post('/url-validator', { name: 'validateUrl', summary: 'Check a tracking or postback URL: required, must parse, and carries the macros (all of them in strict mode, else at least `minimum`); answers the spec §5 message', body: urlValidatorValidator, response: { status: 200, data: UrlCheckSchema } }, [UrlValidatorController, 'check'])
  api.get('/campaigns/:id', { name: 'getCampaign', summary: 'Get a campaign', response: { status: 200, data: CampaignSchema } }, [CampaignsController, 'show'])
  api.patch('/campaigns/:id', { name: 'updateCampaign', summary: 'Update a campaign (refused while its brand is deleted)', body: updateCampaignValidator, response: { status: 200, data: CampaignSchema } }, [CampaignsController, 'update'])
  api.put('/campaigns/:id', { name: 'replaceCampaign', summary: 'Update a campaign (react-admin sends PUT)', body: updateCampaignValidator, response: { status: 200, data: CampaignSchema } }, [CampaignsController, 'update'])
  api.delete('/campaigns/:id', { name: 'deleteCampaign', summary: 'Delete a campaign (soft delete; refused while its brand is deleted)', response: { status: 200, data: DeletedCampaignSchema } }, [CampaignsController, 'destroy'])
}
