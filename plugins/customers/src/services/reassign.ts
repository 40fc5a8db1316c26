/*
 * Reassignment (COMMISSIONS §2, §12): an admin moves a customer to another affiliate with a
 * reason and an effective date (today by default, never earlier: no retroactive move). The
 * campaign is kept. Activity dated on or after that date earns for the new affiliate, rows
 * already stored from that date included; earlier rows stay. Audited.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { allowedCampaignAffiliates } from '@affix/campaigns/contracts'
import { existingIds, unprocessable } from '@affix/core/kernel'
import { customerReassigned } from '../events.js'

export async function reassignCustomer(
  trx: TransactionClientContract,
  input: {
    organizationId: number
    customerId: number
    toAffiliateId: number
    effectiveDate: string
    reason: string
    actorId: number | null
    today: string
  }
) {
  const customer = await trx
    .from('customers')
    .where({ organization_id: input.organizationId, id: input.customerId })
    .forUpdate()
    .select('id', 'campaign_id', 'affiliate_id')
    .first()
  if (!customer) return null
  if (customer.campaign_id === null) throw unprocessable('customers.errors.reassign_organic')
  if (input.effectiveDate < input.today)
    throw unprocessable('customers.errors.reassign_past', {
      fields: [{ field: 'effectiveDate', rule: 'after_or_equal', message: undefined }],
    })
  const campaignId = Number(customer.campaign_id)
  const live = await existingIds(input.organizationId, 'affiliates', [input.toAffiliateId], { client: trx })
  const allowed = await allowedCampaignAffiliates(input.organizationId, [[campaignId, input.toAffiliateId]], trx)
  if (!live.has(input.toAffiliateId) || !allowed.has(`${campaignId}:${input.toAffiliateId}`))
    throw unprocessable('customers.errors.reassign_affiliate_not_allowed')

  // tenancy: the customer was read with its organisation by the caller
  const last = await trx
    .from('customer_reassignments')
    .where('customer_id', input.customerId)
    .orderBy('effective_date', 'desc')
    .orderBy('id', 'desc')
    .select('to_affiliate_id')
    .first()
  const fromAffiliateId = last
    ? Number(last.to_affiliate_id)
    : customer.affiliate_id === null
      ? null
      : Number(customer.affiliate_id)
  if (fromAffiliateId === input.toAffiliateId) throw unprocessable('customers.errors.reassign_same_affiliate')

  const [reassignment] = await trx
    .insertQuery()
    .table('customer_reassignments')
    .insert({
      organization_id: input.organizationId,
      customer_id: input.customerId,
      campaign_id: campaignId,
      from_affiliate_id: fromAffiliateId,
      to_affiliate_id: input.toAffiliateId,
      effective_date: input.effectiveDate,
      reason: input.reason,
      actor_id: input.actorId,
    })
    .returning(['id', 'created_at'])
  const moved = await trx
    .from('customer_activity')
    .where({ organization_id: input.organizationId, customer_id: input.customerId })
    .where('date', '>=', input.effectiveDate)
    .update({ affiliate_id: input.toAffiliateId, updated_at: new Date() })
    .returning('id')
  await trx
    .from('customer_conversions')
    .where({ organization_id: input.organizationId, customer_id: input.customerId })
    .where('date', '>=', input.effectiveDate)
    .whereNot('type', 'registration')
    .update({ affiliate_id: input.toAffiliateId })
  await trx
    .insertQuery()
    .table('customer_events')
    .insert({
      organization_id: input.organizationId,
      customer_id: input.customerId,
      kind: 'reassigned',
      actor_id: input.actorId,
      data: JSON.stringify({
        reassignmentId: Number(reassignment.id),
        fromAffiliateId,
        toAffiliateId: input.toAffiliateId,
        effectiveDate: input.effectiveDate,
        reason: input.reason,
      }),
    })
  const activityIds = moved.map((row: any) => Number(row.id))
  await customerReassigned.emit(
    {
      organizationId: input.organizationId,
      customerId: input.customerId,
      reassignmentId: Number(reassignment.id),
      fromAffiliateId,
      toAffiliateId: input.toAffiliateId,
      effectiveDate: input.effectiveDate,
      activityIds,
    },
    { trx }
  )
  return { id: Number(reassignment.id), fromAffiliateId, activityIds }
}
