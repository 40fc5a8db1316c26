import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('domains', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('name', 253).notNullable()
      table.string('protocol', 5).notNullable().defaultTo('https')
      table.boolean('ssl').notNullable().defaultTo(true)
      table.string('visibility', 10).notNullable().defaultTo('public')
      table.string('type', 20).notNullable().defaultTo('tracking')
      table.string('status', 20).notNullable().defaultTo('active')
      table.boolean('is_default').notNullable().defaultTo(false)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'status'])
    })
    // A host serves one organisation only: names are unique across every organisation.
    this.schema.raw('CREATE UNIQUE INDEX domains_name_unique ON domains (lower(name))')
    // One default domain per organisation.
    this.schema.raw('CREATE UNIQUE INDEX domains_one_default ON domains (organization_id) WHERE is_default')
    this.schema.createTable('domain_affiliates', (table) => {
      table.integer('domain_id').notNullable().references('id').inTable('domains').onDelete('CASCADE')
      table.integer('affiliate_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.primary(['domain_id', 'affiliate_id'])
      table.index(['organization_id', 'affiliate_id'])
    })
  }

  async down() {
    this.schema.dropTable('domain_affiliates')
    this.schema.dropTable('domains')
  }
}
