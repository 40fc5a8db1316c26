import type { ApiRouter } from '@affix/core/kernel'
import { listQueryParameters } from '@affix/core/kernel'
import { AFFILIATE_LIST, NOTE_LIST, REFERRED_LIST } from './lists.js'
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
import { AffiliateBulkResultSchema, AffiliateNoteSchema, AffiliateSchema, DeletedAffiliateSchema, PaymentDetailsSchema, ReferredAffiliateSchema } from './schemas.js'
import { groupsRoutes } from './routes_groups.js'
import { importRoutes } from './routes_imports.js'

const AffiliatesController = () => import('./controllers/affiliates_controller.js')
const NotesController = () => import('./controllers/notes_controller.js')
const MeController = () => import('./controllers/me_controller.js')

export function affiliatesRoutes(api: ApiRouter) {
  // Fixed paths first: /affiliates/export, /import… must not be read as /affiliates/:id.
  importRoutes(api)
  api.get('/affiliates', { name: 'listAffiliates', summary: 'List affiliates (team members with assigned affiliates see only theirs)', query: listQueryParameters(AFFILIATE_LIST), response: { status: 200, list: AffiliateSchema } }, [AffiliatesController, 'index'])
  api.get('/affiliates/export', { name: 'exportAffiliates', summary: 'Export affiliates as CSV (same filters, search and sort as the list; never passwords nor payment details); recorded in the downloads history', query: listQueryParameters(AFFILIATE_LIST), response: { status: 200, raw: 'text/csv' } }, [AffiliatesController, 'export'])
  api.post('/affiliates', { name: 'createAffiliate', summary: 'Create an affiliate (active unless a status is given; without a password the panel has none until it is reset)', body: createAffiliateValidator, response: { status: 201, data: AffiliateSchema } }, [AffiliatesController, 'store'])
  api.post('/affiliates/status', { name: 'setAffiliatesStatus', summary: 'Change the status of several affiliates at once (sessions of affiliates that are no longer active end)', body: affiliateStatusValidator, response: { status: 200, data: AffiliateBulkResultSchema } }, [AffiliatesController, 'setStatus'])
  api.post('/affiliates/manager', { name: 'setAffiliatesManager', summary: 'Set (or clear with null) the account manager of several affiliates; their team assignment moves from the previous manager to the new one', body: affiliateManagerValidator, response: { status: 200, data: AffiliateBulkResultSchema } }, [AffiliatesController, 'setManager'])
  api.post('/affiliates/group', { name: 'setAffiliatesGroup', summary: 'Make an affiliate group the primary group of several affiliates: they join it and leave their previous primary group (409 while a group is tied to a campaign, 422 when a group would be left without affiliates)', body: affiliateGroupValidator, response: { status: 200, data: AffiliateBulkResultSchema } }, [AffiliatesController, 'setGroup'])
  api.get('/affiliates/:id', { name: 'getAffiliate', summary: 'Get an affiliate (payment details only for callers allowed to see them)', response: { status: 200, data: AffiliateSchema } }, [AffiliatesController, 'show'])
  api.patch('/affiliates/:id', { name: 'updateAffiliate', summary: 'Update an affiliate', body: updateAffiliateValidator, response: { status: 200, data: AffiliateSchema } }, [AffiliatesController, 'update'])
  api.put('/affiliates/:id', { name: 'replaceAffiliate', summary: 'Update an affiliate (react-admin sends PUT)', body: updateAffiliateValidator, response: { status: 200, data: AffiliateSchema } }, [AffiliatesController, 'update'])
  api.delete('/affiliates/:id', { name: 'deleteAffiliate', summary: 'Delete an affiliate (status deleted; its sessions end)', response: { status: 200, data: DeletedAffiliateSchema } }, [AffiliatesController, 'destroy'])
  api.get('/affiliates/:id/notes', { name: 'listAffiliateNotes', summary: 'Internal notes on an affiliate, newest first', query: listQueryParameters(NOTE_LIST), response: { status: 200, list: AffiliateNoteSchema } }, [NotesController, 'index'])
  api.post('/affiliates/:id/notes', { name: 'addAffiliateNote', summary: 'Add a note to an affiliate', body: noteValidator, response: { status: 201, data: AffiliateNoteSchema } }, [NotesController, 'store'])
  api.delete('/affiliates/:id/notes/:noteId', { name: 'deleteAffiliateNote', summary: 'Delete a note of an affiliate', response: { status: 200, data: DeletedAffiliateSchema } }, [NotesController, 'destroy'])
  api.get('/affiliates/:id/referred', { name: 'listReferredAffiliates', summary: 'Affiliates referred by an affiliate (signed up through its referral link or set by an admin)', query: listQueryParameters(AFFILIATE_LIST), response: { status: 200, list: AffiliateSchema } }, [AffiliatesController, 'referred'])

  api.get('/me', { name: 'getMyAffiliateProfile', summary: 'The calling affiliate: its own record, payment details and referral link', response: { status: 200, data: AffiliateSchema } }, [MeController, 'show'])
  api.patch('/me', { name: 'updateMyAffiliateProfile', summary: 'The calling affiliate updates its contact and company details', body: updateSelfValidator, response: { status: 200, data: AffiliateSchema } }, [MeController, 'update'])
  api.get('/me/payment', { name: 'getMyPaymentDetails', summary: "The calling affiliate's payment details", response: { status: 200, data: PaymentDetailsSchema } }, [MeController, 'payment'])
  api.put('/me/payment', { name: 'updateMyPaymentDetails', summary: "Set the calling affiliate's payment details (the default method's fields are required)", body: paymentDetailsValidator, response: { status: 200, data: PaymentDetailsSchema } }, [MeController, 'updatePayment'])
  api.get('/me/referred', { name: 'listMyReferredAffiliates', summary: 'Affiliates the caller referred (names and status only)', query: listQueryParameters(REFERRED_LIST), response: { status: 200, list: ReferredAffiliateSchema } }, [MeController, 'referred'])

  groupsRoutes(api)
}
