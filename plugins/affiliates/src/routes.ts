import type { ApiRouter } from '@affix/core/kernel'
import { listQueryParameters, PASSWORD_BY_INVITATION } from '@affix/core/kernel'
import { AFFILIATE_LIST, NOTE_LIST, REFERRALS_LIST, REFERRED_LIST } from './lists.js'
import {
  affiliateGroupValidator,
  affiliateManagerValidator,
  affiliateStatusValidator,
  createAffiliateValidator,
  noteValidator,
  paymentDetailsValidator,
  updateAffiliateValidator,
  updateSelfValidator,
} from './validators.js'
import {
  AffiliateBulkResultSchema,
  AffiliateNoteSchema,
  AffiliateSchema,
  DeletedAffiliateSchema,
  PaymentDetailsSchema,
  ReferredAffiliateSchema,
} from './schemas.js'
import { groupsRoutes } from './routes_groups.js'
import { importRoutes } from './routes_imports.js'

const AffiliatesController = () => import('./controllers/affiliates_controller.js')
const NotesController = () => import('./controllers/notes_controller.js')
const MeController = () => import('./controllers/me_controller.js')

export function affiliatesRoutes(api: ApiRouter) {
  // Fixed paths first: /affiliates/export, /import… must not be read as /affiliates/:id.
  importRoutes(api)
  api.get(
    '/affiliates',
    {
      name: 'listAffiliates',
      summary: 'List affiliates (team members with assigned affiliates see only theirs)',
      query: listQueryParameters(AFFILIATE_LIST),
      response: { status: 200, list: AffiliateSchema },
    },
    [AffiliatesController, 'index']
  )
  api.get(
    '/affiliates/referrals',
    {
      name: 'listReferrals',
      summary:
        'Who referred whom: the affiliates that signed up through a referral (or were given a referrer), each with referredById and referredByName; a team member sees its own affiliates',
      query: listQueryParameters(REFERRALS_LIST),
      response: { status: 200, list: AffiliateSchema },
    },
    [AffiliatesController, 'referrals']
  )
  api.get(
    '/affiliates/export',
    {
      name: 'exportAffiliates',
      summary:
        'Export affiliates as CSV (same filters, search and sort as the list; never passwords nor payment details); recorded in the downloads history',
      query: listQueryParameters(AFFILIATE_LIST),
      response: { status: 200, raw: 'text/csv' },
    },
    [AffiliatesController, 'export']
  )
  api.post(
    '/affiliates',
    {
      name: 'createAffiliate',
      summary: 'Create an affiliate (active unless a status is given); the person is invited by mail to set a password',
      description:
        'The organisation never sets the password: the panel has none (hasPassword false) until the person follows the invitation mailed to the address (single use, 7 days). A `password` field is refused.',
      body: createAffiliateValidator,
      refusedFields: PASSWORD_BY_INVITATION,
      response: { status: 201, data: AffiliateSchema },
    },
    [AffiliatesController, 'store']
  )
  api.post(
    '/affiliates/status',
    {
      name: 'setAffiliatesStatus',
      summary:
        'Change the status of several affiliates at once (an affiliate no longer active is logged out: 406 on its next call)',
      body: affiliateStatusValidator,
      response: { status: 200, data: AffiliateBulkResultSchema },
    },
    [AffiliatesController, 'setStatus']
  )
  api.post(
    '/affiliates/manager',
    {
      name: 'setAffiliatesManager',
      summary:
        'Set (or clear with null) the account manager of several affiliates; their team assignment moves from the previous manager to the new one',
      body: affiliateManagerValidator,
      response: { status: 200, data: AffiliateBulkResultSchema },
    },
    [AffiliatesController, 'setManager']
  )
  api.post(
    '/affiliates/group',
    {
      name: 'setAffiliatesGroup',
      summary:
        'Make an affiliate group the primary group of several affiliates: they join it and leave their previous primary group (409 while a group is tied to a campaign, 422 when a group would be left without affiliates)',
      body: affiliateGroupValidator,
      response: { status: 200, data: AffiliateBulkResultSchema },
    },
    [AffiliatesController, 'setGroup']
  )
  api.get(
    '/affiliates/:id',
    {
      name: 'getAffiliate',
      summary: 'Get an affiliate (payment details only for callers allowed to see them)',
      response: { status: 200, data: AffiliateSchema },
    },
    [AffiliatesController, 'show']
  )
  api.patch(
    '/affiliates/:id',
    {
      name: 'updateAffiliate',
      summary: 'Update an affiliate',
      description:
        "No password: only the person sets it. A new e-mail address clears the password (it was the old address owner's), ends the sessions and mails an invitation to the new address.",
      body: updateAffiliateValidator,
      refusedFields: PASSWORD_BY_INVITATION,
      response: { status: 200, data: AffiliateSchema },
    },
    [AffiliatesController, 'update']
  )
  api.put(
    '/affiliates/:id',
    {
      name: 'replaceAffiliate',
      summary: 'Update an affiliate (react-admin sends PUT)',
      description:
        "No password: only the person sets it. A new e-mail address clears the password (it was the old address owner's), ends the sessions and mails an invitation to the new address.",
      body: updateAffiliateValidator,
      refusedFields: PASSWORD_BY_INVITATION,
      response: { status: 200, data: AffiliateSchema },
    },
    [AffiliatesController, 'update']
  )
  api.delete(
    '/affiliates/:id',
    {
      name: 'deleteAffiliate',
      summary: 'Delete an affiliate (status deleted; its sessions end)',
      response: { status: 200, data: DeletedAffiliateSchema },
    },
    [AffiliatesController, 'destroy']
  )
  api.get(
    '/affiliates/:id/notes',
    {
      name: 'listAffiliateNotes',
      summary: 'Internal notes on an affiliate, newest first',
      query: listQueryParameters(NOTE_LIST),
      response: { status: 200, list: AffiliateNoteSchema },
    },
    [NotesController, 'index']
  )
  api.post(
    '/affiliates/:id/notes',
    {
      name: 'addAffiliateNote',
      summary: 'Add a note to an affiliate',
      body: noteValidator,
      response: { status: 201, data: AffiliateNoteSchema },
    },
    [NotesController, 'store']
  )
  api.delete(
    '/affiliates/:id/notes/:noteId',
    {
      name: 'deleteAffiliateNote',
      summary: 'Delete a note of an affiliate',
      response: { status: 200, data: DeletedAffiliateSchema },
    },
    [NotesController, 'destroy']
  )
  api.get(
    '/affiliates/:id/referred',
    {
      name: 'listReferredAffiliates',
      scope: 'affiliates.referred:read',
      summary: 'Affiliates referred by an affiliate (signed up through its referral link or set by an admin)',
      query: listQueryParameters(AFFILIATE_LIST),
      response: { status: 200, list: AffiliateSchema },
    },
    [AffiliatesController, 'referred']
  )

  api.get(
    '/me',
    {
      name: 'getMyAffiliateProfile',
      scope: 'affiliates.self:read',
      summary: 'The calling affiliate: its own record, payment details and referral link',
      response: { status: 200, data: AffiliateSchema },
    },
    [MeController, 'show']
  )
  api.patch(
    '/me',
    {
      name: 'updateMyAffiliateProfile',
      scope: 'affiliates.self:write',
      summary: 'The calling affiliate updates its contact and company details',
      body: updateSelfValidator,
      response: { status: 200, data: AffiliateSchema },
    },
    [MeController, 'update']
  )
  api.get(
    '/me/payment',
    {
      name: 'getMyPaymentDetails',
      scope: 'affiliates.self:read',
      summary: "The calling affiliate's payment details",
      response: { status: 200, data: PaymentDetailsSchema },
    },
    [MeController, 'payment']
  )
  api.put(
    '/me/payment',
    {
      name: 'updateMyPaymentDetails',
      scope: 'affiliates.self:write',
      summary: "Set the calling affiliate's payment details (the default method's fields are required)",
      body: paymentDetailsValidator,
      response: { status: 200, data: PaymentDetailsSchema },
    },
    [MeController, 'updatePayment']
  )
  api.get(
    '/me/referred',
    {
      name: 'listMyReferredAffiliates',
      scope: 'affiliates.referred:read',
      summary: 'Affiliates the caller referred (names and status only)',
      query: listQueryParameters(REFERRED_LIST),
      response: { status: 200, list: ReferredAffiliateSchema },
    },
    [MeController, 'referred']
  )

  groupsRoutes(api)
}
