import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('affiliate_groups', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('name', 350).notNullable()
      table.string('description', 350).nullable()
      table.integer('parent_group_id').nullable().references('id').inTable('affiliate_groups').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'parent_group_id'])
    })
    // The API checks first; the index settles concurrent creates (mapped to the same 422).
    this.schema.raw(
      'CREATE UNIQUE INDEX affiliate_groups_org_name_unique ON affiliate_groups (organization_id, lower(name))'
    )
    this.schema.createTable('affiliate_group_members', (table) => {
      table.integer('group_id').notNullable().references('id').inTable('affiliate_groups').onDelete('CASCADE')
      table.integer('affiliate_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.primary(['group_id', 'affiliate_id'])
      table.index(['organization_id', 'affiliate_id'])
    })
    // affiliate_profiles (migration 1700000200001) holds an affiliate's primary group.
    this.schema.raw(`
      DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'affiliate_profiles' AND column_name = 'group_id')
           AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'affiliate_profiles_group_id_foreign') THEN
          ALTER TABLE affiliate_profiles ADD CONSTRAINT affiliate_profiles_group_id_foreign FOREIGN KEY (group_id) REFERENCES affiliate_groups (id) ON DELETE SET NULL;
        END IF;
      END
      $$`)
  }

  async down() {
    this.schema.raw(
      'ALTER TABLE IF EXISTS affiliate_profiles DROP CONSTRAINT IF EXISTS affiliate_profiles_group_id_foreign'
    )
    this.schema.dropTable('affiliate_group_members')
    this.schema.dropTable('affiliate_groups')
  }
}
