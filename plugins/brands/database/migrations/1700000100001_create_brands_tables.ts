import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('brands', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('name', 350).notNullable()
      table.string('email', 254).nullable()
      table.string('password').nullable()
      table.string('contact', 32).nullable()
      table.string('status', 20).notNullable().defaultTo('active')
      table.string('website', 2048).nullable()
      table.integer('manager_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('company_name', 350).nullable()
      table.string('company_address', 350).nullable()
      table.string('company_country', 2).nullable()
      table.string('company_tax_id', 64).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.index(['organization_id', 'status'])
    })
    // Names are unique per organisation among brands that are not deleted.
    this.schema.raw(
      'CREATE UNIQUE INDEX brands_org_name_unique ON brands (organization_id, lower(name)) WHERE deleted_at IS NULL'
    )
    this.schema.createTable('products', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('brand_id').notNullable().references('id').inTable('brands').onDelete('RESTRICT')
      table.string('name', 350).notNullable()
      table.string('status', 20).notNullable().defaultTo('active')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.index(['organization_id', 'brand_id'])
    })
    // The default list order (name) of a large catalogue reads this index.
    this.schema.raw('CREATE INDEX products_org_name ON products (organization_id, name, id) WHERE deleted_at IS NULL')
    this.schema.raw(
      'CREATE UNIQUE INDEX products_brand_name_unique ON products (brand_id, lower(name)) WHERE deleted_at IS NULL'
    )
  }

  async down() {
    this.schema.dropTable('products')
    this.schema.dropTable('brands')
  }
}
