import type { ApiRouter } from '@affix/core/kernel'
import { listQueryParameters } from '@affix/core/kernel'
import { CAMPAIGN_LIST } from './lists.js'
import {
  accessRequestValidator,
  blockedAffiliatesValidator,
  campaignGroupsValidator,
  campaignStatusValidator,
  createCampaignValidator,
  featuredValidator,
  noteValidator,
  trackingLinkValidator,
  updateCampaignValidator,
  urlValidatorValidator,
} from './validators.js'
import { rulesRoutes } from './routes_rules.js'
import {
  BlockedAffiliatesSchema,
  CampaignAccessSchema,
  CampaignBulkResultSchema,
  CampaignGroupsSchema,
  CampaignNoteSchema,
  CampaignSchema,
  CampaignTimelineEntrySchema,
  DeletedCampaignSchema,
  TrackingLinkSchema,
  UrlCheckSchema,
} from './schemas.js'

const CampaignsController = () => import('./controllers/campaigns_controller.js')
const UrlValidatorController = () => import('./controllers/url_validator_controller.js')
const CampaignDetailsController = () => import('./controllers/campaign_details_controller.js')
const AccessController = () => import('./controllers/access_controller.js')
const LinksController = () => import('./controllers/links_controller.js')

export function campaignsRoutes(api: ApiRouter) {
  api.get(
    '/campaigns',
    {
      name: 'listCampaigns',
      summary: 'List campaigns (affiliates see the public ones)',
      query: listQueryParameters(CAMPAIGN_LIST),
      response: { status: 200, list: CampaignSchema },
    },
    [CampaignsController, 'index']
  )
  api.get(
    '/campaigns/export',
    {
      name: 'exportCampaigns',
      summary: 'Export campaigns as CSV (same filters, search and sort as the list); recorded in the downloads history',
      query: listQueryParameters(CAMPAIGN_LIST),
      response: { status: 200, raw: 'text/csv' },
    },
    [CampaignsController, 'export']
  )
  api.post(
    '/campaigns',
    {
      name: 'createCampaign',
      summary: 'Create a campaign for a live brand of the organisation',
      body: createCampaignValidator,
      response: { status: 201, data: CampaignSchema },
    },
    [CampaignsController, 'store']
  )
  api.post(
    '/campaigns/status',
    {
      name: 'setCampaignsStatus',
      summary: 'Change the status of several campaigns at once (none of a deleted brand)',
      body: campaignStatusValidator,
      response: { status: 200, data: CampaignBulkResultSchema },
    },
    [CampaignsController, 'setStatus']
  )
  api.get(
    '/campaigns/featured',
    {
      name: 'listFeaturedCampaigns',
      summary: 'Featured campaigns the caller may see (at most 100, by title)',
      response: { status: 200, data: { type: 'array', items: CampaignSchema } },
    },
    [CampaignsController, 'featured']
  )
  api.post(
    '/campaigns/featured',
    {
      name: 'setCampaignsFeatured',
      summary: 'Feature or unfeature several campaigns at once (none of a deleted brand)',
      body: featuredValidator,
      response: { status: 200, data: CampaignBulkResultSchema },
    },
    [CampaignsController, 'setFeatured']
  )
  api.post(
    '/campaigns/url-validator',
    {
      name: 'validateUrl',
      summary:
        'Check a tracking or postback URL: required, must parse, and carries the macros (all of them in strict mode, else at least `minimum`); answers the spec §5 message',
      body: urlValidatorValidator,
      response: { status: 200, data: UrlCheckSchema },
    },
    [UrlValidatorController, 'check']
  )
  api.get(
    '/campaigns/:id',
    { name: 'getCampaign', summary: 'Get a campaign', response: { status: 200, data: CampaignSchema } },
    [CampaignsController, 'show']
  )
  api.patch(
    '/campaigns/:id',
    {
      name: 'updateCampaign',
      summary: 'Update a campaign (refused while its brand is deleted)',
      body: updateCampaignValidator,
      response: { status: 200, data: CampaignSchema },
    },
    [CampaignsController, 'update']
  )
  api.put(
    '/campaigns/:id',
    {
      name: 'replaceCampaign',
      summary: 'Update a campaign (react-admin sends PUT)',
      body: updateCampaignValidator,
      response: { status: 200, data: CampaignSchema },
    },
    [CampaignsController, 'update']
  )
  api.delete(
    '/campaigns/:id',
    {
      name: 'deleteCampaign',
      summary: 'Delete a campaign (soft delete; refused while its brand is deleted)',
      response: { status: 200, data: DeletedCampaignSchema },
    },
    [CampaignsController, 'destroy']
  )
  api.get(
    '/campaigns/:id/notes',
    {
      name: 'listCampaignNotes',
      summary: 'Notes of a campaign, newest first',
      response: { status: 200, data: { type: 'array', items: CampaignNoteSchema } },
    },
    [CampaignDetailsController, 'notes']
  )
  api.post(
    '/campaigns/:id/notes',
    {
      name: 'addCampaignNote',
      summary: 'Add a note to a campaign ("Note cannot be empty")',
      body: noteValidator,
      response: { status: 201, data: CampaignNoteSchema },
    },
    [CampaignDetailsController, 'addNote']
  )
  api.delete(
    '/campaigns/:id/notes/:noteId',
    {
      name: 'deleteCampaignNote',
      summary: 'Delete a note of a campaign',
      response: { status: 200, data: DeletedCampaignSchema },
    },
    [CampaignDetailsController, 'deleteNote']
  )
  api.get(
    '/campaigns/:id/timeline',
    {
      name: 'getCampaignTimeline',
      summary:
        'What happened to a campaign: creation, changes, status changes with who (null: the system, e.g. expiry), deletion',
      response: { status: 200, data: { type: 'array', items: CampaignTimelineEntrySchema } },
    },
    [CampaignDetailsController, 'timeline']
  )
  api.get(
    '/campaigns/:id/blocked-affiliates',
    {
      name: 'getCampaignBlockedAffiliates',
      summary: 'Affiliates blocked from a campaign',
      response: { status: 200, data: BlockedAffiliatesSchema },
    },
    [CampaignDetailsController, 'blockedAffiliates']
  )
  api.put(
    '/campaigns/:id/blocked-affiliates',
    {
      name: 'setCampaignBlockedAffiliates',
      summary: 'Replace the affiliates blocked from a campaign (live affiliates of the organisation)',
      body: blockedAffiliatesValidator,
      response: { status: 200, data: BlockedAffiliatesSchema },
    },
    [CampaignDetailsController, 'setBlockedAffiliates']
  )
  api.get(
    '/campaigns/:id/groups',
    {
      name: 'getCampaignGroups',
      summary: 'The affiliate groups of a campaign (one primary)',
      response: { status: 200, data: CampaignGroupsSchema },
    },
    [CampaignDetailsController, 'groups']
  )
  api.put(
    '/campaigns/:id/groups',
    {
      name: 'setCampaignGroups',
      summary: 'Replace the affiliate groups of a campaign; groups tied to a live campaign cannot be updated (spec §4)',
      body: campaignGroupsValidator,
      response: { status: 200, data: CampaignGroupsSchema },
    },
    [CampaignDetailsController, 'setGroups']
  )
  api.post(
    '/campaigns/:id/links',
    {
      name: 'createCampaignLink',
      scope: 'campaigns.links:write',
      summary:
        'A tracking link of the campaign for an affiliate (an affiliate always gets its own): `/c/{campaignId}?pub_id=…` with p1..p10, sub1..sub10, source and a deep link; optionally a short link. Refused for a blocked affiliate or one without access to a private campaign',
      body: trackingLinkValidator,
      response: { status: 201, data: TrackingLinkSchema },
    },
    [LinksController, 'create']
  )
  api.post(
    '/campaigns/:id/access-requests',
    {
      name: 'requestCampaignAccess',
      scope: 'campaigns.access:write',
      summary: 'An affiliate asks for access to a private campaign, answering its questionnaire (pending approval)',
      body: accessRequestValidator,
      response: { status: 200, data: CampaignAccessSchema },
    },
    [AccessController, 'request']
  )
  api.get(
    '/campaign-access-requests',
    {
      name: 'listCampaignAccessRequests',
      scope: 'campaigns:read',
      summary: 'Access requests and grants of private campaigns, newest first (at most 500)',
      query: {
        status: {
          type: 'string',
          enum: ['pending', 'approved', 'rejected'],
          description: 'Only requests in this state',
        },
        campaignId: { type: 'integer', minimum: 1, description: 'Only this campaign' },
      },
      response: { status: 200, data: { type: 'array', items: CampaignAccessSchema } },
    },
    [AccessController, 'index']
  )
  api.post(
    '/campaign-access-requests/:id/:affiliateId/approve',
    {
      name: 'approveCampaignAccess',
      scope: 'campaigns:write',
      summary:
        "Approve an affiliate's access to a private campaign (also grants it without a request: need permission)",
      response: { status: 200, data: CampaignAccessSchema },
    },
    [AccessController, 'approve']
  )
  api.post(
    '/campaign-access-requests/:id/:affiliateId/reject',
    {
      name: 'rejectCampaignAccess',
      scope: 'campaigns:write',
      summary: "Reject an affiliate's access to a private campaign",
      response: { status: 200, data: CampaignAccessSchema },
    },
    [AccessController, 'reject']
  )
  rulesRoutes(api)
}
