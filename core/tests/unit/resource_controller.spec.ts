/*
 * The kernel's resource controller (kernel/resource_controller.ts): the class has the methods
 * whose parts are given, a plugin's subclass can add or override methods, and every method
 * authorises before it reads anything. Its answers over real rows are tested through the
 * plugins that use it (deep links, domains, fraud rules, promo codes).
 */
import { test } from '@japa/runner'
import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import DataExport from '#models/data_export'
import { AppError } from '#kernel/errors'
import { resourceController } from '#kernel/resource_controller'
import type { ListOptions } from '#kernel/list_query'

const LIST: ListOptions = { sortable: { id: 'id' }, filterable: {}, defaultSort: ['id', 'asc'] }
const validator = vine.create({ name: vine.string() })

/** A request context with only what is read before the database: abilities and the path id. */
const request = (abilities: string[], id: unknown = 'abc') =>
  ({ tenant: { organizationId: 1, abilities: new Set(abilities) }, params: { id } }) as unknown as HttpContext

async function statusOf(run: Promise<unknown>) {
  try {
    await run
  } catch (error) {
    if (error instanceof AppError) return error.status
    throw error
  }
  return 'answered'
}

test.group('resource controller', () => {
  test('has only the methods whose parts are given', ({ assert }) => {
    const ReadOnly = resourceController({ pluginId: 'things', model: DataExport, list: LIST })
    assert.sameMembers(Object.keys(ReadOnly.prototype), ['index', 'show'])

    const Full = resourceController({
      pluginId: 'things',
      model: DataExport,
      list: LIST,
      create: { validator, save: async () => new DataExport() },
      update: { validator, save: async () => {} },
      destroy: async () => {},
      export: { columns: [{ header: 'id', value: (row) => row.id }] },
    })
    assert.sameMembers(Object.keys(Full.prototype), ['index', 'show', 'store', 'update', 'destroy', 'export'])
  })

  test('a subclass adds methods and overrides the given ones', async ({ assert }) => {
    class Things extends resourceController({ pluginId: 'things', model: DataExport, list: LIST }) {
      async show() {
        return 'overridden'
      }
      async setStatus() {
        return 'added'
      }
    }
    const controller = new Things()
    assert.equal(await controller.show(), 'overridden')
    assert.equal(await controller.setStatus(), 'added')
    assert.isFunction(controller.index)
  })

  test('authorises first (403), then refuses an id that is no row id (404) before reading', async ({ assert }) => {
    const Things = resourceController({
      pluginId: 'things',
      model: DataExport,
      list: LIST,
      update: { validator, save: async () => {} },
      destroy: async () => {},
    })
    const controller = new Things()
    // read lets one show, not change; manage without read shows nothing.
    assert.equal(await statusOf(controller.show(request(['things:manage']))), 403)
    assert.equal(await statusOf(controller.update(request(['things:read']))), 403)
    assert.equal(await statusOf(controller.destroy(request(['things:read']))), 403)
    for (const id of ['abc', '0', '-3', '1.5', String(Number.MAX_SAFE_INTEGER + 2)]) {
      assert.equal(await statusOf(controller.show(request(['things:read'], id))), 404, id)
      assert.equal(await statusOf(controller.update(request(['things:manage'], id))), 404, id)
      assert.equal(await statusOf(controller.destroy(request(['things:manage'], id))), 404, id)
    }
  })

  test('the subject may differ from the plugin id', async ({ assert }) => {
    const Rules = resourceController({ pluginId: 'things', subject: 'other', model: DataExport, list: LIST })
    assert.equal(await statusOf(new Rules().show(request(['things:read']))), 403)
    assert.equal(await statusOf(new Rules().show(request(['other:read']))), 404)
  })

  test('guardChanges runs after authorising and before the row is looked up; beforeValidate after it', async ({
    assert,
  }) => {
    const calls: string[] = []
    const Guarded = resourceController({
      pluginId: 'things',
      model: DataExport,
      list: LIST,
      guardChanges: () => {
        calls.push('guard')
        throw new AppError('things.errors.changes_forbidden', 409)
      },
      create: { validator, save: async () => new DataExport() },
      update: { validator, save: async () => {} },
      destroy: async () => {},
    })
    const controller = new Guarded()
    assert.equal(await statusOf(controller.store(request(['things:read']))), 403)
    assert.deepEqual(calls, [])
    for (const method of ['store', 'update', 'destroy'] as const)
      assert.equal(await statusOf(controller[method](request(['things:manage'], 'abc'))), 409, method)
    assert.deepEqual(calls, ['guard', 'guard', 'guard'])

    const Checked = resourceController({
      pluginId: 'things',
      model: DataExport,
      list: LIST,
      beforeValidate: () => {
        throw new AppError('things.errors.refused', 409)
      },
      update: { validator, save: async () => {} },
    })
    // The row is looked up first: an id that is no row id stays 404.
    assert.equal(await statusOf(new Checked().update(request(['things:manage'], 'abc'))), 404)
  })
})
