import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('organizations', (table) => {
      table.increments('id')
      table.string('name', 350).notNullable()
      table.string('type', 20).notNullable().defaultTo('parent') // parent | child | brand-type
      table.string('panel_type', 20).notNullable().defaultTo('network') // igaming | igaming_brand | network | parent
      table.integer('parent_id').nullable().references('id').inTable('organizations').onDelete('RESTRICT')
      table.jsonb('preferences').notNullable().defaultTo('{}')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.createTable('users', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('email', 254).notNullable()
      table.string('password').notNullable()
      table.string('name', 350).nullable()
      table.string('role', 20).notNullable() // admin | sub-admin | affiliate | afm | adm | brand | parent | superadmin
      table.string('status', 20).notNullable().defaultTo('active')
      table.string('locale', 5).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))')
    this.schema.createTable('auth_access_tokens', (table) => {
      table.increments('id')
      table.integer('tokenable_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
      table.string('type').notNullable()
      table.string('name').nullable()
      table.string('hash').notNullable()
      table.text('abilities').notNullable()
      table.timestamp('created_at', { useTz: true })
      table.timestamp('updated_at', { useTz: true })
      table.timestamp('last_used_at', { useTz: true }).nullable()
      table.timestamp('expires_at', { useTz: true }).nullable()
    })
    this.schema.createTable('organization_plugins', (table) => {
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('plugin_id', 64).notNullable()
      table.boolean('enabled').notNullable()
      table.jsonb('settings').notNullable().defaultTo('{}')
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.primary(['organization_id', 'plugin_id'])
    })
    this.schema.createTable('imports', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('plugin_id', 64).notNullable()
      table.string('type', 64).notNullable()
      table.string('status', 32).notNullable() // queued | processing | completed | failed | cancelled | imported_partially
      table.string('file_name', 255).notNullable()
      table.integer('total_rows').notNullable().defaultTo(0)
      table.integer('imported_rows').notNullable().defaultTo(0)
      table.integer('failed_rows').notNullable().defaultTo(0)
      table.text('failed_rows_csv').nullable()
      table.integer('imported_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('imports')
    this.schema.dropTable('organization_plugins')
    this.schema.dropTable('auth_access_tokens')
    this.schema.dropTable('users')
    this.schema.dropTable('organizations')
  }
}
