import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { addUser, createTenant, registry } from '@affix/core/testing'

const LOGO = '/api/v1/branding/logo'
/** The public address of an organisation's image. */
const PUBLIC = (organizationId: number | string, kind: string) => `/api/v1/branding/public/${organizationId}/${kind}`
const SIZES = { logo: [386, 74], loginLogo: [450, 150], icon: [16, 16] } as const
type Kind = keyof typeof SIZES

function image(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' = 'png') {
  return sharp({ create: { width, height, channels: 4, background: { r: 120, g: 40, b: 200, alpha: 1 } } })
    .toFormat(format)
    .toBuffer()
}

const svg = (width: number, height: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="purple"/></svg>`
  )

/** The path of a public image URL (the payload's URLs are relative without APP_URL). */
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '')

/** The storage keys the plugin keeps for an organisation (its own table). */
const keysOf = async (organizationId: number) =>
  (await db.from('organization_branding').where('organization_id', organizationId).first()) ?? {
    logo_path: null,
    login_logo_path: null,
    icon_path: null,
  }

let dataDir: string
let previousDataDir: string | undefined

test.group('branding: organisation images', (group) => {
  group.setup(async () => {
    previousDataDir = process.env.DATA_DIR
    dataDir = await mkdtemp(join(tmpdir(), 'affix-branding-'))
    process.env.DATA_DIR = dataDir
    return async () => {
      if (previousDataDir === undefined) delete process.env.DATA_DIR
      else process.env.DATA_DIR = previousDataDir
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  const upload = (client: any, token: string, kind: string, file: Buffer, filename = 'image.png', locale = 'en') =>
    client
      .post(LOGO)
      .bearerToken(token)
      .header('accept-language', locale)
      .field('kind', kind)
      .file('file', file, { filename })

  test('each kind at its exact size is stored, served publicly and shown in the payloads', async ({
    client,
    assert,
  }) => {
    const { org, token, user } = await createTenant('admin')
    for (const [kind, [width, height]] of Object.entries(SIZES) as Array<[Kind, readonly [number, number]]>) {
      const file = await image(width, height)
      const response = await upload(client, token, kind, file)
      response.assertStatus(200)
      const key = kind === 'icon' ? 'favIconUrl' : `${kind}Url`
      const url = response.body().data[key] as string
      assert.match(url, new RegExp(`^/api/v1/branding/public/${org.id}/${kind}\\?v=[0-9a-f]+$`))

      const served = await client.get(pathOf(url))
      served.assertStatus(200)
      assert.equal(served.header('content-type'), 'image/png')
      assert.equal(served.header('cache-control'), 'public, max-age=31536000, immutable')
      assert.equal(served.header('x-content-type-options'), 'nosniff')
      const bytes = Buffer.from(
        await (await fetch(`http://${process.env.HOST}:${process.env.PORT}${pathOf(url)}`)).arrayBuffer()
      )
      assert.isTrue(bytes.equals(file))
      // The bare URL works too, with a short cache.
      const bare = await client.get(PUBLIC(org.id, kind))
      assert.equal(bare.header('cache-control'), 'public, max-age=300')
    }
    const organization = (await client.get('/api/v1/organization').bearerToken(token)).body().data
    assert.match(organization.logoUrl, /\/public\/\d+\/logo\?v=/)
    assert.match(organization.loginLogoUrl, /\/public\/\d+\/loginLogo\?v=/)
    assert.match(organization.favIconUrl, /\/public\/\d+\/icon\?v=/)
    const account = (await client.get('/api/v1/account').bearerToken(token)).body().data
    assert.equal(account.org.logoUrl, organization.logoUrl)
    const current = (await client.get(LOGO).bearerToken(token)).body().data
    assert.deepEqual(current, {
      logoUrl: organization.logoUrl,
      loginLogoUrl: organization.loginLogoUrl,
      favIconUrl: organization.favIconUrl,
    })
    // Any panel of the organisation reads the URLs (the sidebar shows the logo).
    const affiliate = await addUser(org.id, 'affiliate')
    assert.equal((await client.get(LOGO).bearerToken(affiliate.token)).body().data.logoUrl, organization.logoUrl)

    const timeline = await db
      .from('organization_timeline')
      .where('organization_id', org.id)
      .where('action', 'organization.logo_changed')
      .orderBy('id')
    assert.deepEqual(
      timeline.map((entry) => entry.changes.kind),
      ['logo', 'loginLogo', 'icon']
    )
    assert.equal(timeline[0].user_id, user.id)
  })

  test('JPEG, WebP, GIF and SVG are accepted; SVG is served sandboxed', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    for (const format of ['jpeg', 'webp', 'gif'] as const) {
      const response = await upload(client, token, 'loginLogo', await image(450, 150, format), `login.${format}`)
      response.assertStatus(200)
      const served = await client.get(pathOf(response.body().data.loginLogoUrl))
      assert.equal(served.header('content-type'), `image/${format}`)
    }
    const response = await upload(client, token, 'icon', svg(16, 16), 'icon.svg')
    response.assertStatus(200)
    const served = await client.get(pathOf(response.body().data.favIconUrl))
    served.assertStatus(200)
    assert.equal(served.header('content-type'), 'image/svg+xml')
    assert.include(served.header('content-security-policy'), 'sandbox')
  })

  test('a replacement removes the previous file; a repeated ETag gets 304', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const first = (await upload(client, token, 'logo', await image(386, 74))).body().data.logoUrl
    const files = async () => readdir(join(dataDir, 'uploads', 'organizations', String(org.id)))
    assert.lengthOf(await files(), 1)
    const second = (await upload(client, token, 'logo', await image(386, 74, 'webp'), 'logo.webp')).body().data.logoUrl
    assert.notEqual(first, second)
    assert.deepEqual(await files(), [(await keysOf(org.id)).logo_path.split('/').pop()])

    const served = await client.get(pathOf(second))
    const again = await client.get(pathOf(second)).header('if-none-match', served.header('etag')!)
    again.assertStatus(304)
    // The old URL now serves the current image (its hash no longer matches: short cache).
    const old = await client.get(pathOf(first))
    assert.equal(old.header('content-type'), 'image/webp')
    assert.equal(old.header('cache-control'), 'public, max-age=300')
  })

  test('wrong dimensions are refused with the expected size, in the caller language', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const cases: Array<[Kind, Buffer, string, string]> = [
      ['logo', await image(400, 74), 'en', 'The logo must be exactly 386 × 74 pixels.'],
      ['logo', await image(74, 386), 'pt', 'O logotipo deve ter exatamente 386 × 74 pixels.'],
      ['loginLogo', await image(386, 74), 'en', 'The login logo must be exactly 450 × 150 pixels.'],
      ['icon', await image(32, 32), 'en', 'The icon must be exactly 16 × 16 pixels.'],
      ['icon', svg(17, 16), 'pt', 'O ícone deve ter exatamente 16 × 16 pixels.'],
      ['icon', await image(32, 32), 'tr', 'Görsel (simge) tam olarak 16 × 16 piksel olmalıdır.'],
    ]
    for (const [kind, file, locale, message] of cases) {
      const response = await upload(client, token, kind, file, 'image.png', locale)
      response.assertStatus(422)
      assert.equal(response.body().error.message, message)
      assert.deepInclude(response.body().error.fields, { field: 'file', rule: 'dimensions', message })
    }
    assert.isNull((await keysOf(org.id)).logo_path)
    assert.isFalse(existsSync(join(dataDir, 'uploads', 'organizations', String(org.id))))
  })

  test('anything but an image, too big a file, a missing file or kind are refused', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const text = Buffer.from('just some text pretending to be a picture\n')
    const notImage = await upload(client, token, 'logo', text, 'logo.png')
    notImage.assertStatus(422)
    assert.equal(notImage.body().error.message, 'Please upload a valid file')
    const notImagePt = await upload(client, token, 'logo', text, 'logo.png', 'pt')
    assert.equal(notImagePt.body().error.message, 'Por favor, envie um arquivo válido')
    const tiff = await upload(client, token, 'logo', await image(386, 74, 'tiff'), 'logo.tiff')
    tiff.assertStatus(422)
    assert.equal(tiff.body().error.message, 'Please upload a valid file')
    const empty = await upload(client, token, 'logo', Buffer.alloc(0), 'logo.png')
    empty.assertStatus(422)

    const big = Buffer.concat([await image(386, 74), Buffer.alloc(2 * 1024 * 1024)])
    const tooBig = await upload(client, token, 'logo', big, 'logo.png')
    tooBig.assertStatus(422)
    assert.equal(tooBig.body().error.message, 'Please upload a valid file: at most 2 MB.')
    const tooBigPt = await upload(client, token, 'logo', big, 'logo.png', 'pt')
    assert.equal(tooBigPt.body().error.message, 'Por favor, envie um arquivo válido: no máximo 2 MB.')

    const noFile = await client.post(LOGO).bearerToken(token).field('kind', 'logo')
    noFile.assertStatus(422)
    assert.equal(noFile.body().error.fields[0].field, 'file')
    const badKind = await upload(client, token, 'banner', await image(386, 74))
    badKind.assertStatus(422)
    assert.include(badKind.body().error.fields[0], { field: 'kind', rule: 'enum', message: 'Please select a value' })
    const noKind = await client
      .post(LOGO)
      .bearerToken(token)
      .header('accept-language', 'pt')
      .file('file', await image(386, 74), { filename: 'a.png' })
    noKind.assertStatus(422)
    assert.equal(noKind.body().error.message, 'Por favor, selecione um valor')

    assert.isNull((await keysOf(org.id)).logo_path)
    assert.lengthOf(await db.from('organization_timeline').where('organization_id', org.id), 0)
  })

  test('delete removes the image, its file and its public URL', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const url = (await upload(client, token, 'icon', await image(16, 16))).body().data.favIconUrl
    const key = (await keysOf(org.id)).icon_path as string
    const removed = await client.delete(`${LOGO}?kind=icon`).bearerToken(token)
    removed.assertStatus(200)
    assert.isNull(removed.body().data.favIconUrl)
    assert.isFalse(existsSync(join(dataDir, 'uploads', key)))
    ;(await client.get(pathOf(url))).assertStatus(404)
    // Removing again is fine; a wrong kind is not.
    ;(await client.delete(`${LOGO}?kind=icon`).bearerToken(token)).assertStatus(200)
    ;(await client.delete(`${LOGO}?kind=wallpaper`).bearerToken(token)).assertStatus(422)
    const actions = await db
      .from('organization_timeline')
      .where('organization_id', org.id)
      .orderBy('id')
      .select('action')
    assert.deepEqual(
      actions.map((row) => row.action),
      ['organization.logo_changed', 'organization.logo_removed']
    )
  })

  test('only the organisation admin changes images; tenants stay apart; missing images are 404', async ({
    client,
    assert,
  }) => {
    const a = await createTenant('admin')
    const b = await createTenant('admin')
    const aUrl = (await upload(client, a.token, 'logo', await image(386, 74))).body().data.logoUrl
    for (const role of ['sub-admin', 'affiliate', 'brand', 'afm'] as const) {
      const { token } = await addUser(a.org.id, role)
      ;(await upload(client, token, 'logo', await image(386, 74))).assertStatus(403)
      ;(await client.delete(`${LOGO}?kind=logo`).bearerToken(token)).assertStatus(403)
    }
    // B cannot reach A: coid of a foreign organisation is refused, and B's upload changes only B.
    ;(await upload(client, b.token, 'logo', await image(386, 74)).qs({ coid: a.org.id })).assertStatus(403)
    await upload(client, b.token, 'logo', await image(386, 74, 'webp'), 'b.webp')
    ;(await client.delete(`${LOGO}?kind=logo`).bearerToken(b.token)).assertStatus(200)
    assert.equal((await client.get('/api/v1/organization').bearerToken(a.token)).body().data.logoUrl, aUrl)
    ;(await client.get(pathOf(aUrl))).assertStatus(200)

    ;(await client.get(PUBLIC(b.org.id, 'logo'))).assertStatus(404)
    ;(await client.get(PUBLIC(b.org.id, 'icon'))).assertStatus(404)
    ;(await client.get(PUBLIC(a.org.id, 'banner'))).assertStatus(404)
    ;(await client.get(PUBLIC(0, 'logo'))).assertStatus(404)
    ;(await client.get(PUBLIC('abc', 'logo'))).assertStatus(404)
    ;(await client.get(PUBLIC('99999999999', 'logo'))).assertStatus(404)
  })
})

test.group('branding: login page meta', () => {
  test('by orgId: name, theme colour, image URLs and the affiliate signup URL', async ({ client, assert }) => {
    const { org } = await createTenant('admin', 'Lucky Star Network')
    await db
      .from('organizations')
      .where('id', org.id)
      .update({ preferences: JSON.stringify({ themeColor: '#112233' }) })
    await db
      .table('organization_branding')
      .insert({ organization_id: org.id, icon_path: `organizations/${org.id}/icon-abc123.png` })
    const meta = await client.get(`/api/v1/auth/meta?orgId=${org.id}`)
    meta.assertStatus(200)
    const host = `${process.env.HOST}:${process.env.PORT}`
    assert.deepEqual(meta.body().data, {
      organizationId: org.id,
      name: 'Lucky Star Network',
      themeColor: '#112233',
      logoUrl: null,
      loginLogoUrl: null,
      favIconUrl: `/api/v1/branding/public/${org.id}/icon?v=abc123`,
      affiliateSignupUrl: `http://${host}/register/affiliate/${org.id}`,
    })

    const defaults = await client.get('/api/v1/auth/meta')
    defaults.assertStatus(200)
    assert.include(defaults.body().data, {
      organizationId: null,
      name: 'Affix',
      themeColor: 'purple',
      logoUrl: null,
      affiliateSignupUrl: null,
    })
    ;(await client.get('/api/v1/auth/meta?orgId=99999999')).assertStatus(404)
    const invalid = await client.get('/api/v1/auth/meta?orgId=abc').header('accept-language', 'pt')
    invalid.assertStatus(422)
    assert.equal(invalid.body().error.message, 'Organização deve ser um id válido')
  })
})

test.group('branding: the plugin switched off for an organisation', (group) => {
  group.setup(async () => {
    const previous = process.env.DATA_DIR
    const dir = await mkdtemp(join(tmpdir(), 'affix-branding-off-'))
    process.env.DATA_DIR = dir
    return async () => {
      if (previous === undefined) delete process.env.DATA_DIR
      else process.env.DATA_DIR = previous
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('login pages get the default look, the images 404, the routes 404; on again, all is back', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin', 'Dark Mode Casino')
    const uploaded = await client
      .post(LOGO)
      .bearerToken(token)
      .field('kind', 'loginLogo')
      .file('file', await image(450, 150), { filename: 'login.png' })
    uploaded.assertStatus(200)
    const url = uploaded.body().data.loginLogoUrl as string

    ;(await client.patch('/api/v1/plugins/branding').bearerToken(token).json({ enabled: false })).assertStatus(200)
    const meta = await client.get(`/api/v1/auth/meta?orgId=${org.id}`)
    meta.assertStatus(200)
    assert.include(meta.body().data, {
      organizationId: org.id,
      name: 'Dark Mode Casino',
      logoUrl: null,
      loginLogoUrl: null,
      favIconUrl: null,
    })
    assert.isNull((await client.get('/api/v1/organization').bearerToken(token)).body().data.loginLogoUrl)
    assert.isNull((await client.get('/api/v1/account').bearerToken(token)).body().data.org.loginLogoUrl)
    ;(await client.get(pathOf(url))).assertStatus(404)
    ;(await client.get(LOGO).bearerToken(token)).assertStatus(404)

    ;(await client.patch('/api/v1/plugins/branding').bearerToken(token).json({ enabled: true })).assertStatus(200)
    assert.equal((await client.get(`/api/v1/auth/meta?orgId=${org.id}`)).body().data.loginLogoUrl, url)
    ;(await client.get(pathOf(url))).assertStatus(200)
  })

  test('a failing provider gives the default look, never an error page', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin', 'Flaky Storage Casino')
    const manifest = registry.get('branding')!
    const provide = manifest.brandingImages
    manifest.brandingImages = async () => {
      throw new Error('the database is away')
    }
    try {
      const meta = await client.get(`/api/v1/auth/meta?orgId=${org.id}`)
      meta.assertStatus(200)
      assert.include(meta.body().data, { name: 'Flaky Storage Casino', logoUrl: null, favIconUrl: null })
      const account = await client.get('/api/v1/account').bearerToken(token)
      account.assertStatus(200)
      assert.isNull(account.body().data.org.loginLogoUrl)
    } finally {
      manifest.brandingImages = provide
    }
  })

  test('the routes are the plugin’s, under its id, keeping their operation names', async ({ client, assert }) => {
    const document = (await client.get('/api/openapi.json')).body()
    const operation = (path: string, method: string) => document.paths[path]?.[method] ?? {}
    assert.equal(operation('/api/v1/branding/logo', 'get').operationId, 'brandingGetOrganizationLogo')
    assert.equal(operation('/api/v1/branding/logo', 'post').operationId, 'brandingUploadOrganizationLogo')
    assert.equal(operation('/api/v1/branding/logo', 'delete').operationId, 'brandingDeleteOrganizationLogo')
    assert.equal(
      operation('/api/v1/branding/public/{id}/{kind}', 'get').operationId,
      'brandingDownloadOrganizationLogo'
    )
    assert.deepEqual(operation('/api/v1/branding/public/{id}/{kind}', 'get').security, [])
    assert.equal(operation('/api/v1/auth/meta', 'get').operationId, 'authGetMeta')
    assert.notProperty(document.paths, '/api/v1/organization/logo')
    assert.notProperty(document.paths, '/api/v1/organization/{id}/logo/{kind}')
  })
})

test.group('branding: upgrading a database whose organisations carried the images', () => {
  const PLUGIN_MIGRATION = '%1700001300001_create_organization_branding'
  const DROP_MIGRATION = '%1700000000021_drop_organization_image_columns'
  const legacyColumns = async () =>
    (
      await db
        .from('information_schema.columns')
        .where('table_schema', db.raw('current_schema()'))
        .where('table_name', 'organizations')
        .whereIn('column_name', ['logo_path', 'login_logo_path', 'icon_path'])
        .select('column_name')
    ).map((row) => row.column_name)
  const migrateUp = async () => {
    const runner = new MigrationRunner(db, app, { direction: 'up' })
    // Not closed afterwards: close() ends the connection the rest of the suite shares.
    await runner.run()
    if (runner.error) throw runner.error
    return Object.values(runner.migratedFiles).map((file) => file.file.name)
  }
  /** Puts the database back as it was before the move: the keys on organizations, no plugin table. */
  const beforeTheMove = async () => {
    const plugin = await db.from('adonis_schema').whereLike('name', PLUGIN_MIGRATION).first()
    const drop = await db.from('adonis_schema').whereLike('name', DROP_MIGRATION).first()
    await db.transaction(async (trx) => {
      await trx.rawQuery(
        'ALTER TABLE organizations ADD COLUMN logo_path varchar(255), ADD COLUMN login_logo_path varchar(255), ADD COLUMN icon_path varchar(255)'
      )
      await trx.rawQuery(
        `UPDATE organizations o SET logo_path = b.logo_path, login_logo_path = b.login_logo_path, icon_path = b.icon_path
           FROM organization_branding b WHERE b.organization_id = o.id`
      )
      await trx.rawQuery('DROP TABLE organization_branding')
      await trx.from('adonis_schema').whereIn('id', [plugin.id, drop.id]).delete()
    })
    return { plugin: plugin.name as string, drop: drop.name as string }
  }

  test('the plugin migration takes the keys over, then core drops the columns; logos still show', async ({
    client,
    assert,
  }) => {
    const { org } = await createTenant('admin')
    const key = `organizations/${org.id}/logo-0123456789abcdef0123.png`
    await db.table('organization_branding').insert({ organization_id: org.id, logo_path: key })
    assert.deepEqual(await legacyColumns(), [])

    const names = await beforeTheMove()
    assert.sameMembers(await legacyColumns(), ['logo_path', 'login_logo_path', 'icon_path'])
    assert.equal((await db.from('organizations').where('id', org.id).first()).logo_path, key)

    // Lucid runs core's folder, then the plugins', then core's migrations_after_plugins.
    assert.deepEqual(await migrateUp(), [names.plugin, names.drop])
    assert.deepEqual(await legacyColumns(), [])
    assert.include(await keysOf(org.id), { logo_path: key, login_logo_path: null, icon_path: null })
    const meta = (await client.get(`/api/v1/auth/meta?orgId=${org.id}`)).body().data
    assert.equal(meta.logoUrl, `/api/v1/branding/public/${org.id}/logo?v=0123456789abcdef0123`)
  })

  test('without the plugin’s migration, core keeps the columns that still hold a key', async ({ assert }) => {
    const { org } = await createTenant('admin')
    const key = `organizations/${org.id}/icon-abcdef.png`
    await db.table('organization_branding').insert({ organization_id: org.id, icon_path: key })
    const names = await beforeTheMove()
    try {
      // As if the plugin were not installed: its migration is recorded without running.
      await db.table('adonis_schema').insert({ name: names.plugin, batch: 999 })
      assert.deepEqual(await migrateUp(), [names.drop])
      assert.sameMembers(await legacyColumns(), ['logo_path', 'login_logo_path', 'icon_path'])
      assert.equal((await db.from('organizations').where('id', org.id).first()).icon_path, key)
    } finally {
      // Back to the present: the plugin's table with the key, the columns gone.
      await db.from('adonis_schema').where('name', names.plugin).delete()
      await db.from('adonis_schema').where('name', names.drop).delete()
      await migrateUp()
    }
    assert.deepEqual(await legacyColumns(), [])
    assert.include(await keysOf(org.id), { icon_path: key })
  })
})
