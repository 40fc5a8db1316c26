import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    // An affiliate's postback, or the network's global one (affiliate_id null).
    this.schema.createTable('postbacks', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('affiliate_id').nullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('name', 120).notNullable()
      table.specificType('events', 'text[]').notNullable()
      // null: every campaign.
      table.specificType('campaign_ids', 'integer[]').nullable()
      table.string('method', 4).notNullable().defaultTo('get')
      table.text('url').notNullable()
      table.text('secret_encrypted').nullable()
      table.boolean('mask_customer_id').notNullable().defaultTo(true)
      table.string('status', 10).notNullable().defaultTo('active')
      table.integer('consecutive_failures').notNullable().defaultTo(0)
      table.timestamp('disabled_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'affiliate_id'])
    })
    this.schema.createTable('postback_rules', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('postback_id').notNullable().references('id').inTable('postbacks').onDelete('CASCADE')
      table.string('name', 120).notNullable()
      table.string('action', 4).notNullable().defaultTo('fire')
      table.integer('priority').notNullable().defaultTo(100)
      table.specificType('events', 'text[]').nullable()
      table.specificType('campaign_ids', 'integer[]').nullable()
      table.specificType('countries', 'text[]').nullable()
      table.decimal('min_amount', 20, 6).nullable()
      table.decimal('max_amount', 20, 6).nullable()
      table.integer('sample_percent').notNullable().defaultTo(100)
      table.string('status', 10).notNullable().defaultTo('active')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'postback_id'])
    })
    this.schema.createTable('webhook_configs', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('name', 120).notNullable()
      table.text('url').notNullable()
      table.specificType('events', 'text[]').notNullable()
      table.text('secret_encrypted').notNullable()
      table.string('status', 10).notNullable().defaultTo('active')
      table.integer('consecutive_failures').notNullable().defaultTo(0)
      table.timestamp('disabled_at', { useTz: true }).nullable()
      table.timestamp('secret_rotated_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id'])
    })
    // One row per (event, target): the deterministic event_id makes a second fan-out a no-op.
    this.schema.createTable('postback_deliveries', (table) => {
      table.bigIncrements('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('kind', 8).notNullable()
      table.integer('postback_id').nullable().references('id').inTable('postbacks').onDelete('CASCADE')
      table.integer('webhook_id').nullable().references('id').inTable('webhook_configs').onDelete('CASCADE')
      table.integer('affiliate_id').nullable()
      table.string('event', 40).notNullable()
      table.uuid('event_id').notNullable().unique()
      table.jsonb('values').notNullable()
      table.bigInteger('customer_id').nullable()
      table.string('click_id', 64).nullable()
      table.string('status', 10).notNullable().defaultTo('pending')
      table.integer('attempts').notNullable().defaultTo(0)
      // Attempts since the last (re)send: the retry budget counts these.
      table.integer('round_attempts').notNullable().defaultTo(0)
      table.timestamp('next_attempt_at', { useTz: true }).nullable()
      // Set while a dispatcher sends it; an expired lease (a killed worker) makes it due again.
      table.timestamp('lease_until', { useTz: true }).nullable()
      table.integer('last_status_code').nullable()
      table.text('last_error').nullable()
      table.timestamp('delivered_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'status', 'created_at'])
    })
    // The dispatcher's claim: due deliveries by time.
    this.schema.raw(
      `CREATE INDEX postback_deliveries_due ON postback_deliveries (organization_id, next_attempt_at) WHERE status IN ('pending', 'retrying')`
    )
    this.schema.createTable('postback_attempts', (table) => {
      table.bigIncrements('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.bigInteger('delivery_id').notNullable().references('id').inTable('postback_deliveries').onDelete('CASCADE')
      table.string('kind', 8).notNullable()
      table.integer('postback_id').nullable()
      table.integer('webhook_id').nullable()
      table.integer('affiliate_id').nullable()
      table.integer('attempt').notNullable()
      table.string('event', 40).notNullable()
      table.uuid('event_id').notNullable()
      table.string('method', 4).notNullable()
      table.text('url').notNullable()
      table.string('outcome', 10).notNullable()
      table.integer('status_code').nullable()
      table.text('error').nullable()
      table.integer('latency_ms').notNullable()
      table.text('response_excerpt').nullable()
      table.bigInteger('customer_id').nullable()
      table.string('click_id', 64).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'kind', 'created_at'])
      table.index(['delivery_id'])
    })
    // Notices of auto-disabled targets, read by the affiliate and the team members who manage it.
    this.schema.createTable('postback_notices', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('affiliate_id').nullable()
      table.integer('postback_id').nullable().references('id').inTable('postbacks').onDelete('CASCADE')
      table.integer('webhook_id').nullable().references('id').inTable('webhook_configs').onDelete('CASCADE')
      table.string('kind', 20).notNullable()
      table.integer('failures').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'affiliate_id'])
    })
  }

  async down() {
    for (const name of [
      'postback_notices',
      'postback_attempts',
      'postback_deliveries',
      'webhook_configs',
      'postback_rules',
      'postbacks',
    ])
      this.schema.dropTable(name)
  }
}
