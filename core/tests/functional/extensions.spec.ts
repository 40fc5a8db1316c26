import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { defineEvent } from '#kernel/extensions'
import { taskList } from '#services/jobs'
import { createTenant } from '#tests/helpers/fixtures'
import { installTestPlugin } from '#tests/helpers/plugins'

const changed = defineEvent<{ organizationId: number; ids: number[] }>('test-owner', 'changed')

/** Jobs waiting in graphile-worker's queue for one task. */
async function queued(task: string) {
  const rows = await db.rawQuery(
    `SELECT j.payload FROM graphile_worker._private_jobs j
       JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = ? ORDER BY j.id`,
    [task]
  )
  return rows.rows.map((row: { payload: unknown }) => row.payload)
}

test.group('kernel events: emitted in the write transaction, delivered per listening plugin', (group) => {
  const received: Array<{ organizationId: number; ids: number[] }> = []
  group.setup(() => {
    const uninstall = installTestPlugin({ id: 'test-owner', extensionPoints: [changed] })
    const uninstallListener = installTestPlugin({
      id: 'test-listener',
      dependsOn: ['test-owner'],
      listeners: [changed.listen(async (payload) => void received.push(payload))],
    })
    return () => {
      uninstallListener()
      uninstall()
    }
  })

  test('a rolled-back write enqueues nothing; a committed one enqueues one job per listener', async ({ assert }) => {
    const { org } = await createTenant('admin')
    const task = 'test-listener:on:test-owner.changed'
    await db
      .transaction(async (trx) => {
        await changed.emit({ organizationId: org.id, ids: [1] }, { trx })
        throw new Error('roll back')
      })
      .catch(() => {})
    assert.notInclude(
      (await queued(task)).map((payload: any) => payload.organizationId),
      org.id
    )
    await db.transaction((trx) => changed.emit({ organizationId: org.id, ids: [2, 3] }, { trx }))
    assert.deepInclude(await queued(task), { organizationId: org.id, ids: [2, 3] })
    await db.rawQuery(
      `DELETE FROM graphile_worker._private_jobs WHERE task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = ?)`,
      [task]
    )
  })

  test('the listener runs while its plugin is enabled for the organisation, and not once it is off', async ({
    assert,
  }) => {
    const { org } = await createTenant('admin')
    const run = (await taskList())['test-listener:on:test-owner.changed']
    assert.isFunction(run)
    received.length = 0
    await run({ organizationId: org.id, ids: [7] }, {} as any)
    assert.deepEqual(received, [{ organizationId: org.id, ids: [7] }])
    await db
      .table('organization_plugins')
      .insert({ organization_id: org.id, plugin_id: 'test-listener', enabled: false })
    await run({ organizationId: org.id, ids: [8] }, {} as any)
    assert.lengthOf(received, 1)
  })
})
