import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('media', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('title', 350).notNullable()
      table.string('type', 32).notNullable()
      table.string('status', 20).notNullable().defaultTo('active')
      table.string('link', 2048).nullable()
      table.text('description').nullable()
      table.jsonb('macros').notNullable().defaultTo('[]')
      table.string('file_key', 512).nullable()
      table.string('file_name', 255).nullable()
      table.string('file_mime', 100).nullable()
      table.integer('file_size').nullable()
      table.integer('width').nullable()
      table.integer('height').nullable()
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.index(['organization_id', 'type', 'status'])
    })
    this.schema.raw(
      'CREATE INDEX media_org_title ON media (organization_id, lower(title), id) WHERE deleted_at IS NULL'
    )
    // No FK to campaigns: that plugin comes later; ids are checked through the campaigns lookup.
    this.schema.createTable('media_campaigns', (table) => {
      table.integer('media_id').notNullable().references('id').inTable('media').onDelete('CASCADE')
      table.integer('campaign_id').notNullable()
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.primary(['media_id', 'campaign_id'])
      table.index(['organization_id', 'campaign_id'])
    })
  }

  async down() {
    this.schema.dropTable('media_campaigns')
    this.schema.dropTable('media')
  }
}
