import { test } from '@japa/runner'
import type { HttpContext } from '@adonisjs/core/http'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import Organization from '#models/organization'
import { AppError } from '#kernel/errors'
import { assertReportEnabled } from '#kernel/report_switches'
import { addUser, createTenant } from '#tests/helpers/fixtures'

const FEATURES = '/api/v1/organization/features'

const reportAbilities = async (client: any, token: string) =>
  (
    (await client.get('/api/v1/account').bearerToken(token)).body().data.abilities as Array<{
      subject: string
      action: string
    }>
  )
    .filter(({ subject }) => subject.startsWith('report.'))
    .map(({ subject, action }) => `${subject}:${action}`)
    .sort()

test.group('report switches (spec §6, §8)', () => {
  test('the admin switches reports off for every role, admin included, and back on; recorded', async ({
    client,
    assert,
  }) => {
    const { org, token, user } = await createTenant('admin')
    await Organization.query()
      .where('id', org.id)
      .update({ features: JSON.stringify({ an_cr: true }) })
    const affiliate = await addUser(org.id, 'affiliate')
    const brand = await addUser(org.id, 'brand')

    assert.deepEqual(await reportAbilities(client, token), [
      'report.activity:read',
      'report.conversion:read',
      'report.customer:read',
    ])
    assert.deepEqual(await reportAbilities(client, affiliate.token), ['report.activity:read', 'report.customer:read'])

    const patched = await client
      .patch(FEATURES)
      .bearerToken(token)
      .json({ disabledReports: ['conversion', 'customer'] })
    patched.assertStatus(200)
    assert.deepEqual(patched.body().data, {
      organizationId: org.id,
      features: { an_cr: true },
      reportsInstall: false,
      disabledReports: ['customer', 'conversion'],
    })
    assert.deepEqual((await client.get(FEATURES).bearerToken(token)).body().data.disabledReports, [
      'customer',
      'conversion',
    ])
    assert.deepEqual((await client.get('/api/v1/organization').bearerToken(token)).body().data.disabledReports, [
      'customer',
      'conversion',
    ])

    assert.deepEqual(await reportAbilities(client, token), ['report.activity:read'])
    assert.deepEqual(await reportAbilities(client, affiliate.token), ['report.activity:read'])
    assert.deepEqual(await reportAbilities(client, brand.token), ['report.activity:read'])

    // The same list again changes and records nothing; an empty list switches all back on.
    await client
      .patch(FEATURES)
      .bearerToken(token)
      .json({ disabledReports: ['customer', 'conversion'] })
    ;(await client.patch(FEATURES).bearerToken(token).json({ disabledReports: [] })).assertStatus(200)
    assert.deepEqual(await reportAbilities(client, affiliate.token), ['report.activity:read', 'report.customer:read'])
    const timeline = await db
      .from('organization_timeline')
      .where('organization_id', org.id)
      .where('action', 'organization.reports_switched')
      .orderBy('id')
    assert.deepEqual(
      timeline.map((entry) => entry.changes),
      [
        { from: [], to: ['customer', 'conversion'] },
        { from: ['customer', 'conversion'], to: [] },
      ]
    )
    assert.equal(timeline[0].user_id, user.id)
  })

  test('wrong values are refused with translated messages', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['en', { disabledReports: ['click'] }, 'disabledReports.0', 'Please select customer, activity or conversion'],
      [
        'pt',
        { disabledReports: ['customer', 'payout'] },
        'disabledReports.1',
        'Selecione customer, activity ou conversion',
      ],
      ['en', { disabledReports: ['customer', 'customer'] }, 'disabledReports', 'Each report may be listed once'],
      [
        'pt',
        { disabledReports: ['activity', 'activity'] },
        'disabledReports',
        'Cada relatório pode aparecer uma só vez',
      ],
      ['en', {}, 'disabledReports', 'Disabled reports is required (an empty list switches every report on)'],
      ['en', { disabledReports: 'customer' }, 'disabledReports', 'Disabled reports must be a list'],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client.patch(FEATURES).bearerToken(token).header('accept-language', locale).json(body)
      response.assertStatus(422)
      assert.equal(response.body().error.fields[0].field, field, JSON.stringify(body))
      assert.equal(response.body().error.fields[0].message, message, JSON.stringify(body))
    }
    assert.deepEqual((await Organization.findOrFail(org.id)).disabledReports, [])
  })

  test('only an admin of the organisation changes them; a parent acting on a child cannot', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    for (const role of ['sub-admin', 'affiliate', 'brand', 'afm', 'adm'] as const) {
      const member = await addUser(org.id, role)
      const refused = await client
        .patch(FEATURES)
        .bearerToken(member.token)
        .json({ disabledReports: ['customer'] })
      refused.assertStatus(403)
      assert.equal(refused.body().error.message, 'Sorry, you are not authorized to access this page.')
    }
    const subAdmin = await addUser(org.id, 'sub-admin')
    ;(await client.get(FEATURES).bearerToken(subAdmin.token)).assertStatus(200)

    const child = await Organization.create({
      name: 'Switch child',
      type: 'child',
      panelType: 'network',
      parentId: org.id,
      preferences: {},
    })
    ;(
      await client
        .patch(`${FEATURES}?coid=${child.id}`)
        .bearerToken(token)
        .json({ disabledReports: ['customer'] })
    ).assertStatus(403)
    const other = await createTenant('admin')
    ;(
      await client
        .patch(`${FEATURES}?coid=${other.org.id}`)
        .bearerToken(token)
        .json({ disabledReports: ['customer'] })
    ).assertStatus(403)
    assert.deepEqual((await Organization.findOrFail(child.id)).disabledReports, [])
    assert.deepEqual((await Organization.findOrFail(other.org.id)).disabledReports, [])

    await Organization.query()
      .where('id', child.id)
      .update({ disabled_reports: JSON.stringify(['activity']) })
    const children = await client.get('/api/v1/organization/child/features').bearerToken(token)
    children.assertStatus(200)
    assert.deepEqual(children.body().data, [
      {
        organizationId: child.id,
        name: 'Switch child',
        features: {},
        reportsInstall: false,
        disabledReports: ['activity'],
      },
    ])
  })

  test('assertReportEnabled answers 403 with the spec message (en, pt) once a report is off', async ({ assert }) => {
    const { org } = await createTenant('admin')
    const ctx = { tenant: { organizationId: org.id } } as unknown as HttpContext
    await assertReportEnabled(ctx, 'customer')
    await Organization.query()
      .where('id', org.id)
      .update({ disabled_reports: JSON.stringify(['customer']) })
    await assertReportEnabled(ctx, 'activity')
    let caught: unknown
    try {
      await assertReportEnabled(ctx, 'customer')
    } catch (error) {
      caught = error
    }
    assert.instanceOf(caught, AppError)
    const error = caught as AppError
    assert.equal(error.status, 403)
    assert.equal(error.type, 'report_disabled')
    assert.equal(
      i18nManager.locale('en').t(error.messageKey),
      'Customer, Activity, Conversion reports are disabled by Admin'
    )
    assert.equal(
      i18nManager.locale('pt').t(error.messageKey),
      'Os relatórios de Clientes, Atividades e Conversões foram desativados pelo Admin'
    )
    assert.equal(
      i18nManager.locale('tr').t(error.messageKey),
      'Müşteri, Aktivite, Dönüşüm raporları Yönetici tarafından devre dışı bırakıldı'
    )
  })
})
