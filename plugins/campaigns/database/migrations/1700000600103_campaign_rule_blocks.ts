import { BaseSchema } from '@adonisjs/lucid/schema'

/** Targeting rule blocks (spec §3 "rule block": name, conditions, logic) of a campaign. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('campaign_rule_blocks', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('campaign_id').notNullable().references('id').inTable('campaigns').onDelete('CASCADE')
      table.string('name', 350).notNullable()
      table.string('logic', 3).notNullable()
      table.jsonb('conditions').notNullable().defaultTo('[]')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['campaign_id'])
    })
    this.schema.raw(
      "ALTER TABLE campaign_rule_blocks ADD CONSTRAINT campaign_rule_blocks_logic_check CHECK (logic IN ('and', 'or'))"
    )
  }

  async down() {
    this.schema.dropTable('campaign_rule_blocks')
  }
}
