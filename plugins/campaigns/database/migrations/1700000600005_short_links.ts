import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Short tracking links: an unguessable token standing for a full tracking URL. The tracking
 * plugin answers `/s/{token}` by redirecting to `url`; campaigns only creates them.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('short_links', (table) => {
      table.bigIncrements('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('token', 16).notNullable().unique()
      table.text('url').notNullable()
      table.integer('campaign_id').notNullable().references('id').inTable('campaigns').onDelete('CASCADE')
      table.integer('affiliate_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    // The same link asked twice gets the same token.
    this.schema.raw('CREATE UNIQUE INDEX short_links_url_unique ON short_links (organization_id, md5(url))')
  }

  async down() {
    this.schema.dropTable('short_links')
  }
}
