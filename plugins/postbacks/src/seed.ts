/*
 * Demo postbacks (manifest `seed`): a GET postback with macros for each of the first active
 * affiliates, a signed JSON one, the network's global postback, a rule, a webhook, and a few
 * days of delivery log (successes, a retried one, one that gave up). They are seeded
 * inactive, with example.com receivers: a fresh demo sends nothing until someone points one
 * at a real receiver and turns it on.
 */
import type { SeedContext } from '@affix/core/kernel'
import { listAffiliates } from '@affix/affiliates/contracts'
import { eventIdFor } from './delivery/macros.js'
import { sealSecret } from './delivery/signing.js'

export async function seedPostbacks({ organizationId, trx, dayAt, random }: SeedContext) {
  const affiliates = (await listAffiliates(organizationId, trx))
    .filter((affiliate) => affiliate.status === 'active')
    .slice(0, 4)
  const definitions = [
    ...affiliates.map((affiliate, index) => ({
      affiliate_id: affiliate.id,
      name: index === 1 ? 'Signed JSON to my tracker' : 'My tracker',
      method: index === 1 ? 'post' : 'get',
      url:
        index === 1
          ? `https://tracker.example.com/affix/${affiliate.id}`
          : `https://tracker.example.com/pb?clickid={click_id}&event={event}&amount={amount}&cur={currency}&eid={event_id}`,
      events: index === 1 ? ['registration', 'ftd', 'deposit'] : ['registration', 'ftd'],
    })),
    {
      affiliate_id: null,
      name: 'Network FTD feed',
      method: 'get',
      url: 'https://bi.example.com/ftd?click={click_id}&pub={pub_id}&campaign={campaign_id}&eid={event_id}',
      events: ['ftd', 'qualified_cpa'],
    },
  ]
  const postbacks = await trx
    .insertQuery()
    .table('postbacks')
    .returning(['id', 'affiliate_id', 'method', 'url'])
    .multiInsert(
      definitions.map((definition, index) => ({
        organization_id: organizationId,
        ...definition,
        events: definition.events,
        secret_encrypted: definition.method === 'post' ? sealSecret(`whsec_demo_${organizationId}_${index}`) : null,
        status: 'inactive',
        created_at: dayAt(30 - index, '10:00'),
        updated_at: dayAt(30 - index, '10:00'),
      }))
    )
  const global = postbacks.find((row: any) => row.affiliate_id === null)
  if (global)
    await trx
      .insertQuery()
      .table('postback_rules')
      .insert({
        organization_id: organizationId,
        postback_id: global.id,
        name: 'Half of the Brazilian FTDs',
        action: 'fire',
        priority: 10,
        events: ['ftd'],
        countries: ['BR'],
        sample_percent: 50,
        status: 'active',
        created_at: dayAt(20, '09:00'),
        updated_at: dayAt(20, '09:00'),
      })
  const [webhook] = await trx
    .insertQuery()
    .table('webhook_configs')
    .returning(['id'])
    .insert({
      organization_id: organizationId,
      name: 'Data warehouse',
      url: 'https://hooks.example.com/affix',
      events: ['customer.registered', 'customer.ftd', 'commission.created'],
      secret_encrypted: sealSecret(`whsec_demo_${organizationId}_webhook`),
      status: 'inactive',
      created_at: dayAt(25, '11:00'),
      updated_at: dayAt(25, '11:00'),
    })

  const targets = [
    ...postbacks.map((row: any) => ({
      kind: 'postback',
      postbackId: row.id,
      webhookId: null,
      affiliateId: row.affiliate_id,
      method: row.method,
      url: row.url,
    })),
    {
      kind: 'webhook',
      postbackId: null,
      webhookId: webhook.id,
      affiliateId: null,
      method: 'post',
      url: 'https://hooks.example.com/affix',
    },
  ]
  for (const target of targets) {
    for (let day = 1; day <= 3; day++) {
      const event = target.kind === 'webhook' ? 'customer.registered' : 'registration'
      const key = `demo:${day}`
      const eventId = eventIdFor(organizationId, target.kind, (target.postbackId ?? target.webhookId)!, key)
      // Day 3 gave up after every attempt: each postback and the webhook has a dead letter.
      const outcomes = day === 2 ? [503, 200] : day === 3 ? [500, 500, 500, 500, 500, 500, 500, 500] : [200]
      const delivered = outcomes.at(-1) === 200
      const at = dayAt(day, `1${day}:${String(random.int(10, 59))}`)
      const [delivery] = await trx
        .insertQuery()
        .table('postback_deliveries')
        .returning(['id'])
        .insert({
          organization_id: organizationId,
          kind: target.kind,
          postback_id: target.postbackId,
          webhook_id: target.webhookId,
          affiliate_id: target.affiliateId,
          event,
          event_id: eventId,
          values: JSON.stringify({ event, click_id: null, amount: null }),
          status: delivered ? 'delivered' : 'dead',
          attempts: outcomes.length,
          round_attempts: outcomes.length,
          last_status_code: outcomes.at(-1),
          last_error: delivered ? null : 'HTTP 500',
          delivered_at: delivered ? at : null,
          created_at: at,
          updated_at: at,
        })
      await trx
        .insertQuery()
        .table('postback_attempts')
        .multiInsert(
          outcomes.map((status, index) => ({
            organization_id: organizationId,
            delivery_id: delivery.id,
            kind: target.kind,
            postback_id: target.postbackId,
            webhook_id: target.webhookId,
            affiliate_id: target.affiliateId,
            attempt: index + 1,
            event,
            event_id: eventId,
            method: target.method === 'post' ? 'POST' : 'GET',
            url: target.url.replace(/\{[a-z0-9_]+\}/g, ''),
            outcome: status === 200 ? 'success' : 'failure',
            status_code: status,
            error: status === 200 ? null : `HTTP ${status}`,
            latency_ms: random.int(40, 900),
            response_excerpt: status === 200 ? 'OK' : 'Service Unavailable',
            created_at: new Date(at.getTime() + index * 60_000),
          }))
        )
    }
  }
}
