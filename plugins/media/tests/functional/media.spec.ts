import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant, demoSeedContext, registry } from '@affix/core/testing'

const MEDIA = '/api/v1/media/media'

const png = (width = 300, height = 250) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer()
const HTML = Buffer.from('<div class="ad"><a href="{tracking_link}">Play {game}</a> <span>{pub_id}</span></div>')

let dataDir: string
let previousDataDir: string | undefined

/** Multipart create: fields, then an optional file. */
function createMultipart(
  client: any,
  token: string,
  fields: Record<string, string | string[]>,
  file?: { contents: Buffer; name: string },
  locale = 'en'
) {
  let request = client.post(MEDIA).bearerToken(token).header('accept-language', locale)
  for (const [name, value] of Object.entries(fields)) {
    for (const entry of ([] as string[]).concat(value)) request = request.field(name, entry)
  }
  if (file) request = request.file('file', file.contents, { filename: file.name })
  return request
}

/** A public campaign of the caller's organisation (through the campaigns API), for banner codes. */
async function openCampaign(client: any, token: string, title = 'Open') {
  const brand = (
    await client
      .post('/api/v1/brands/brands')
      .bearerToken(token)
      .json({ name: `Brand ${title}` })
  ).body().data
  const campaign = await client
    .post('/api/v1/campaigns/campaigns')
    .bearerToken(token)
    .json({ title, brandId: brand.id, defaultUrl: 'https://lucky.example/?c={click_id}', visibility: 'public' })
  campaign.assertStatus(201)
  return campaign.body().data.id as number
}

const storedPath = async (id: number) => {
  const row = await db.from('media').where('id', id).first()
  return row.file_key ? join(dataDir, 'uploads', row.file_key) : null
}

test.group('media', (group) => {
  group.setup(async () => {
    previousDataDir = process.env.DATA_DIR
    dataDir = await mkdtemp(join(tmpdir(), 'affix-media-'))
    process.env.DATA_DIR = dataDir
    return async () => {
      if (previousDataDir === undefined) delete process.env.DATA_DIR
      else process.env.DATA_DIR = previousDataDir
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  test('a banner: real image upload, read, list, update, file replacement, download and soft delete', async ({
    client,
    assert,
  }) => {
    const { token, user, org } = await createTenant('admin')
    const image = await png(300, 250)
    const response = await createMultipart(
      client,
      token,
      {
        title: 'Spring banner',
        type: 'banner',
        description: 'Top of page',
        macros: JSON.stringify({ macro: '{source}', value: 'banner' }),
      },
      { contents: image, name: 'spring.png' }
    )
    response.assertStatus(201)
    const media = response.body().data
    assert.include(media, { title: 'Spring banner', type: 'banner', status: 'active', description: 'Top of page' })
    const { publicUrl, ...file } = media.file
    assert.deepEqual(file, {
      name: 'spring.png',
      mime: 'image/png',
      size: image.length,
      width: 300,
      height: 250,
      url: `${MEDIA}/${media.id}/file`,
    })
    assert.match(
      publicUrl,
      /^http:\/\/[^/]+\/api\/v1\/media\/public\/creatives\/[A-Za-z0-9_-]{32}\.png\?v=[0-9a-f]{12}$/
    )
    assert.deepEqual(media.macros, [{ macro: '{source}', value: 'banner' }])
    assert.deepEqual(media.campaignIds, [])
    const row = await db.from('media').where('id', media.id).first()
    assert.equal(row.created_by, user.id)
    assert.equal(row.organization_id, org.id)
    assert.match(row.file_key, new RegExp(`^media/${org.id}/[0-9a-f-]{36}\\.png$`))
    const firstFile = (await storedPath(media.id))!
    assert.isTrue(existsSync(firstFile))

    const shown = await client.get(`${MEDIA}/${media.id}`).bearerToken(token)
    assert.deepEqual(shown.body().data, media)
    const listed = await client.get(`${MEDIA}?type=banner&q=spring`).bearerToken(token)
    assert.deepEqual(
      listed.body().data.map((entry: any) => entry.id),
      [media.id]
    )
    assert.equal(listed.header('content-range'), 'media 0-0/1')
    assert.lengthOf((await client.get(`${MEDIA}?type=text_link`).bearerToken(token)).body().data, 0)

    const download = await client.get(`${MEDIA}/${media.id}/file`).bearerToken(token)
    download.assertStatus(200)
    assert.equal(download.header('content-type'), 'image/png')
    assert.equal(download.header('x-content-type-options'), 'nosniff')
    assert.include(download.header('content-security-policy'), 'sandbox')
    assert.equal(download.header('content-length'), String(image.length))
    assert.match(download.header('content-disposition') ?? '', /^inline; filename="spring.png"/)
    const bytes = Buffer.from(
      await (
        await fetch(`http://${process.env.HOST}:${process.env.PORT}${MEDIA}/${media.id}/file`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).arrayBuffer()
    )
    assert.isTrue(bytes.equals(image))

    const updated = await client
      .patch(`${MEDIA}/${media.id}`)
      .bearerToken(token)
      .json({ title: 'Summer banner', status: 'inactive', macros: [] })
    updated.assertStatus(200)
    assert.include(updated.body().data, { title: 'Summer banner', status: 'inactive' })
    assert.deepEqual(updated.body().data.macros, [])

    const webp = await sharp(await png(728, 90))
      .webp()
      .toBuffer()
    const replaced = await client
      .post(`${MEDIA}/${media.id}/file`)
      .bearerToken(token)
      .file('file', webp, { filename: 'leaderboard.webp' })
    replaced.assertStatus(200)
    assert.include(replaced.body().data.file, { name: 'leaderboard.webp', mime: 'image/webp', width: 728, height: 90 })
    assert.isFalse(existsSync(firstFile), 'the replaced file is removed')
    assert.isTrue(existsSync((await storedPath(media.id))!))

    ;(await client.delete(`${MEDIA}/${media.id}`).bearerToken(token)).assertStatus(200)
    ;(await client.get(`${MEDIA}/${media.id}`).bearerToken(token)).assertStatus(404)
    ;(await client.get(`${MEDIA}/${media.id}/file`).bearerToken(token)).assertStatus(404)
    assert.isNotNull((await db.from('media').where('id', media.id).first()).deleted_at)
  })

  test('every other type: html ad, e-mail creative, text, Drive and Dropbox links, other, hidden', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const html = await createMultipart(
      client,
      token,
      { title: 'HTML ad', type: 'htmlad' },
      { contents: HTML, name: 'ad.html' }
    )
    html.assertStatus(201)
    assert.include(html.body().data.file, { name: 'ad.html', mime: 'text/html', width: null, height: null })
    const served = await client.get(`${MEDIA}/${html.body().data.id}/file`).bearerToken(token)
    assert.equal(served.header('content-type'), 'text/html; charset=utf-8')
    assert.include(served.header('content-security-policy'), 'sandbox')

    const mail = await createMultipart(
      client,
      token,
      { title: 'Welcome mail', type: 'email_creative' },
      { contents: HTML, name: 'mail.HTM' }
    )
    mail.assertStatus(201)

    const links: Array<[string, string]> = [
      ['text_link', 'https://casino.example/landing?src={source}'],
      ['drive_link', 'https://drive.google.com/drive/folders/abc'],
      ['drive_link', 'https://docs.google.com/presentation/d/xyz'],
      ['dropbox_link', 'https://www.dropbox.com/s/abc/banners.zip'],
      ['dropbox_link', 'https://dropbox.com/s/abc/banners.zip'],
    ]
    for (const [type, link] of links) {
      const response = await client
        .post(MEDIA)
        .bearerToken(token)
        .json({ title: `${type} media`, type, link })
      response.assertStatus(201)
      assert.include(response.body().data, { type, link, file: null })
    }

    const otherFile = await createMultipart(
      client,
      token,
      { title: 'Brand guide', type: 'other' },
      { contents: Buffer.from('%PDF-1.4 not really'), name: 'guide.pdf' }
    )
    otherFile.assertStatus(201)
    assert.include(otherFile.body().data.file, { name: 'guide.pdf', mime: 'application/octet-stream' })
    const attachment = await client.get(`${MEDIA}/${otherFile.body().data.id}/file`).bearerToken(token)
    assert.match(attachment.header('content-disposition') ?? '', /^attachment; filename="guide.pdf"/)
    ;(
      await client
        .post(MEDIA)
        .bearerToken(token)
        .json({ title: 'Other link', type: 'other', link: 'https://example.com/kit' })
    ).assertStatus(201)
    const hidden = await client.post(MEDIA).bearerToken(token).json({ title: 'Internal', type: 'hidden' })
    hidden.assertStatus(201)

    // Changing a banner into a text link drops its file (after the change is saved).
    const banner = (
      await createMultipart(client, token, { title: 'B', type: 'banner' }, { contents: await png(), name: 'b.png' })
    ).body().data
    const bannerFile = (await storedPath(banner.id))!
    const refused = await client.patch(`${MEDIA}/${banner.id}`).bearerToken(token).json({ type: 'text_link' })
    refused.assertStatus(422)
    assert.equal(refused.body().error.message, 'Link is required')
    const retyped = await client
      .patch(`${MEDIA}/${banner.id}`)
      .bearerToken(token)
      .json({ type: 'text_link', link: 'https://casino.example' })
    retyped.assertStatus(200)
    assert.isNull(retyped.body().data.file)
    assert.isFalse(existsSync(bannerFile))
    // …and a text link cannot become a banner without an image.
    const toBanner = await client.put(`${MEDIA}/${banner.id}`).bearerToken(token).json({ type: 'banner' })
    toBanner.assertStatus(422)
    assert.equal(toBanner.body().error.fields[0].field, 'file')

    const all = await client.get(`${MEDIA}?limit=50`).bearerToken(token)
    assert.lengthOf(all.body().data, 11)
    const byTypes = await client
      .get(`${MEDIA}?filter=${encodeURIComponent(JSON.stringify({ type: ['drive_link', 'dropbox_link'] }))}`)
      .bearerToken(token)
    assert.lengthOf(byTypes.body().data, 4)
  })

  test('validation: title, type, link and macros, in English and Portuguese', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ type: 'text_link', link: 'https://a.example' }, 'title', 'Title is required', 'Título é obrigatório'],
      [
        { title: 'x'.repeat(351), type: 'text_link', link: 'https://a.example' },
        'title',
        'Title must be at most 350 characters',
        'Título deve ter no máximo 350 caracteres',
      ],
      [{ title: 'T' }, 'type', 'Type is required', 'Tipo é obrigatório'],
      [{ title: 'T', type: 'poster' }, 'type', 'Please select a value', 'Por favor, selecione um valor'],
      [{ title: 'T', type: 'text_link' }, 'link', 'Link is required', 'O link é obrigatório'],
      [{ title: 'T', type: 'text_link', link: 'not a url' }, 'link', 'Invalid URL', 'URL inválida'],
      [{ title: 'T', type: 'text_link', link: 'ftp://files.example/a' }, 'link', 'Invalid URL', 'URL inválida'],
      [
        { title: 'T', type: 'drive_link', link: 'https://evil.example/drive.google.com' },
        'link',
        'Please enter a Google Drive link (drive.google.com or docs.google.com).',
        'Por favor, informe um link do Google Drive (drive.google.com ou docs.google.com).',
      ],
      [
        { title: 'T', type: 'dropbox_link', link: 'https://dropbox.com.evil.example/s/x' },
        'link',
        'Please enter a Dropbox link (dropbox.com).',
        'Por favor, informe um link do Dropbox (dropbox.com).',
      ],
      [
        { title: 'T', type: 'other' },
        'file',
        'Please upload a file or enter a link.',
        'Por favor, envie um arquivo ou informe um link.',
      ],
      [
        { title: 'T', type: 'banner' },
        'file',
        'Please upload a valid file: a PNG, JPEG, GIF or WebP image.',
        'Por favor, envie um arquivo válido: uma imagem PNG, JPEG, GIF ou WebP.',
      ],
      [
        { title: 'T', type: 'htmlad' },
        'file',
        'Please upload a valid file: an HTML file (.html or .htm).',
        'Por favor, envie um arquivo válido: um arquivo HTML (.html ou .htm).',
      ],
      [
        { title: 'T', type: 'hidden', macros: [{ macro: 'source', value: 'x' }] },
        'macros.0.macro',
        'A macro is a name in braces made of lowercase letters, digits or _, such as {sub_id}',
        'Uma macro é um nome entre chaves com letras minúsculas, dígitos ou _, como {sub_id}',
      ],
      [
        {
          title: 'T',
          type: 'hidden',
          macros: [
            { macro: '{a}', value: '1' },
            { macro: '{a}', value: '2' },
          ],
        },
        'macros',
        'Each macro may appear only once',
        'Cada macro pode aparecer apenas uma vez',
      ],
      [
        { title: 'T', type: 'hidden', campaignIds: [1] },
        'campaignIds',
        'Please select a valid campaign',
        'Por favor, selecione uma campanha válida',
      ],
    ]
    for (const [body, field, english, portuguese] of cases) {
      for (const [locale, message] of [
        ['en', english],
        ['pt', portuguese],
      ]) {
        const response = await client.post(MEDIA).bearerToken(token).header('accept-language', locale).json(body)
        response.assertStatus(422)
        const error = response.body().error.fields.find((entry: any) => entry.field === field)
        assert.exists(error, `${JSON.stringify(body)} names ${field}`)
        assert.equal(error.message, message, `${JSON.stringify(body)} (${locale})`)
      }
    }
    assert.equal(Number((await db.from('media').count('* as total'))[0].total) >= 0, true)
    const none = await client.get(MEDIA).bearerToken(token)
    assert.lengthOf(none.body().data, 0, 'nothing was written')
  })

  test('validation of files: fake images, wrong types, size limits, files on link types', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const fakePng = Buffer.from('this is plain text pretending to be an image')
    for (const [locale, message] of [
      ['en', 'Please upload a valid file: a PNG, JPEG, GIF or WebP image.'],
      ['pt', 'Por favor, envie um arquivo válido: uma imagem PNG, JPEG, GIF ou WebP.'],
    ]) {
      const response = await createMultipart(
        client,
        token,
        { title: 'Fake', type: 'banner' },
        { contents: fakePng, name: 'fake.png' },
        locale
      )
      response.assertStatus(422)
      assert.equal(response.body().error.message, message)
      assert.deepInclude(response.body().error.fields, { field: 'file', rule: 'image', message })
    }
    // A TIFF is an image, but not one a banner takes.
    const tiff = await sharp(await png())
      .tiff()
      .toBuffer()
    ;(
      await createMultipart(client, token, { title: 'Tiff', type: 'banner' }, { contents: tiff, name: 'banner.tiff' })
    ).assertStatus(422)

    const tooBig = Buffer.alloc(5 * 1024 * 1024 + 1, 1)
    for (const [locale, message] of [
      ['en', 'Media upload failed: the file must be at most 5 MB.'],
      ['pt', 'Falha no envio da mídia: o arquivo deve ter no máximo 5 MB.'],
    ]) {
      const response = await createMultipart(
        client,
        token,
        { title: 'Big', type: 'banner' },
        { contents: tooBig, name: 'big.png' },
        locale
      )
      response.assertStatus(422)
      assert.equal(response.body().error.message, message)
    }
    const bigHtml = Buffer.concat([Buffer.from('<div>'), Buffer.alloc(1024 * 1024, 'a'), Buffer.from('</div>')])
    const htmlTooBig = await createMultipart(
      client,
      token,
      { title: 'Big HTML', type: 'htmlad' },
      { contents: bigHtml, name: 'big.html' }
    )
    htmlTooBig.assertStatus(422)
    assert.equal(htmlTooBig.body().error.message, 'Media upload failed: the file must be at most 1 MB.')

    const htmlAsTxt = await createMultipart(
      client,
      token,
      { title: 'Ad', type: 'htmlad' },
      { contents: HTML, name: 'ad.txt' }
    )
    assert.equal(htmlAsTxt.body().error.message, 'Please upload a valid file: an HTML file (.html or .htm).')
    const binaryHtml = await createMultipart(
      client,
      token,
      { title: 'Ad', type: 'htmlad' },
      { contents: await png(), name: 'ad.html' },
      'pt'
    )
    assert.equal(
      binaryHtml.body().error.message,
      'Por favor, envie um arquivo válido: um arquivo HTML (.html ou .htm).'
    )

    const fileOnLink = await createMultipart(
      client,
      token,
      { title: 'Link', type: 'text_link', link: 'https://a.example' },
      { contents: await png(), name: 'a.png' }
    )
    fileOnLink.assertStatus(422)
    assert.equal(fileOnLink.body().error.message, 'This media type takes a link, not a file.')
    const pt = await createMultipart(
      client,
      token,
      { title: 'Link', type: 'text_link', link: 'https://a.example' },
      { contents: await png(), name: 'a.png' },
      'pt'
    )
    assert.equal(pt.body().error.message, 'Este tipo de mídia aceita um link, não um arquivo.')

    // Replacing a banner's file checks it the same way, and keeps the old file on refusal.
    const banner = (
      await createMultipart(client, token, { title: 'Ok', type: 'banner' }, { contents: await png(), name: 'ok.png' })
    ).body().data
    const replaced = await client
      .post(`${MEDIA}/${banner.id}/file`)
      .bearerToken(token)
      .file('file', fakePng, { filename: 'fake.png' })
    replaced.assertStatus(422)
    const missing = await client
      .post(`${MEDIA}/${banner.id}/file`)
      .bearerToken(token)
      .header('accept-language', 'pt')
      .field('x', '1')
    missing.assertStatus(422)
    // A field the upload does not take is named first; no file at all is "upload a valid file".
    assert.equal(missing.body().error.message, 'x não é um campo desta requisição')
    const empty = await client.post(`${MEDIA}/${banner.id}/file`).bearerToken(token).header('accept-language', 'pt')
    empty.assertStatus(422)
    assert.equal(empty.body().error.message, 'Por favor, envie um arquivo válido')
    assert.deepEqual((await client.get(`${MEDIA}/${banner.id}`).bearerToken(token)).body().data.file, banner.file)
    assert.isTrue(existsSync((await storedPath(banner.id))!))

    assert.lengthOf((await client.get(MEDIA).bearerToken(token)).body().data, 1, 'only the valid banner was written')
  })

  test('multipart lists: repeated campaignIds are checked; macros arrive as JSON', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const refused = await createMultipart(
      client,
      token,
      { title: 'L', type: 'text_link', link: 'https://a.example', campaignIds: ['3', '4'] },
      undefined,
      'pt'
    )
    refused.assertStatus(422)
    assert.equal(refused.body().error.message, 'Por favor, selecione uma campanha válida')
    const macros = await createMultipart(client, token, {
      title: 'L',
      type: 'text_link',
      link: 'https://a.example',
      macros: [JSON.stringify({ macro: '{a}', value: '1' }), JSON.stringify({ macro: '{b}', value: '2' })],
    })
    macros.assertStatus(201)
    assert.deepEqual(macros.body().data.macros, [
      { macro: '{a}', value: '1' },
      { macro: '{b}', value: '2' },
    ])
    const broken = await createMultipart(client, token, {
      title: 'L',
      type: 'text_link',
      link: 'https://a.example',
      macros: 'not json',
    })
    broken.assertStatus(422)
    assert.deepInclude(broken.body().error.fields[0], {
      field: 'macros.0',
      message: 'Macros must be a list of macro and value pairs',
    })
  })

  test('bulk status: all or nothing, own media only', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const other = await createTenant('admin')
    const ids: number[] = []
    for (const title of ['A', 'B'])
      ids.push((await client.post(MEDIA).bearerToken(token).json({ title, type: 'hidden' })).body().data.id)
    const foreign = (await client.post(MEDIA).bearerToken(other.token).json({ title: 'C', type: 'hidden' })).body().data
      .id
    const mixed = await client
      .post(`${MEDIA}/status`)
      .bearerToken(token)
      .json({ ids: [...ids, foreign], status: 'inactive' })
    mixed.assertStatus(422)
    assert.equal(mixed.body().error.message, 'Some of the selected records do not exist.')
    const done = await client.post(`${MEDIA}/status`).bearerToken(token).json({ ids, status: 'inactive' })
    done.assertStatus(200)
    assert.deepEqual(done.body().data, { updated: 2, ids })
    assert.lengthOf((await client.get(`${MEDIA}?status=inactive`).bearerToken(token)).body().data, 2)
    assert.equal((await client.get(`${MEDIA}/${foreign}`).bearerToken(other.token)).body().data.status, 'active')
  })

  test('banner code: tracking link with the affiliate id, escaped HTML, a script without document.write', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    const affiliate = await addUser(org.id, 'affiliate')
    const otherAffiliate = await addUser(org.id, 'affiliate')
    const title = `Big "Win" <script>alert('x')</script> & more`
    // The banner's only campaign is the one its code links through when none is named.
    const open = await openCampaign(client, token)
    const banner = (
      await createMultipart(
        client,
        token,
        {
          title,
          type: 'banner',
          link: 'https://casino.example/lp?src={source}&pid={pub_id}',
          macros: JSON.stringify({ macro: '{source}', value: 'top banner' }),
          campaignIds: [String(open)],
        },
        { contents: await png(468, 60), name: 'b.png' }
      )
    ).body().data

    const response = await client
      .get(`${MEDIA}/${banner.id}/banner-code?affiliateId=${affiliate.user.id}`)
      .bearerToken(token)
    response.assertStatus(200)
    const code = response.body().data
    const link = new URL(code.trackingLink)
    assert.equal(link.pathname, `/c/${open}`)
    assert.equal(link.searchParams.get('pub_id'), String(affiliate.user.id))
    assert.equal(link.searchParams.get('media_id'), String(banner.id))
    assert.equal(link.searchParams.get('url'), `https://casino.example/lp?src=top%20banner&pid=${affiliate.user.id}`)
    const escapedLink = code.trackingLink.replace(/&/g, '&amp;')
    assert.equal(
      code.html,
      `<a href="${escapedLink}" target="_blank" rel="noopener"><img src="${banner.file.publicUrl.replace(/&/g, '&amp;')}" width="468" height="60" alt="Big &quot;Win&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more"></a>`
    )
    assert.notInclude(code.js, 'document.write')
    assert.notInclude(code.js, '<')
    assert.include(code.js, 'document.currentScript')
    // The script's string literal is the same markup.
    const literal = /t\.innerHTML=(".*?");s\.parentNode/.exec(code.js)![1]
    assert.equal(JSON.parse(literal), code.html)

    // The affiliate gets its own code, and never another affiliate's.
    const own = await client.get(`${MEDIA}/${banner.id}/banner-code`).bearerToken(affiliate.token)
    own.assertStatus(200)
    assert.equal(new URL(own.body().data.trackingLink).searchParams.get('pub_id'), String(affiliate.user.id))
    const spoofed = await client
      .get(`${MEDIA}/${banner.id}/banner-code?affiliateId=${otherAffiliate.user.id}`)
      .bearerToken(affiliate.token)
    spoofed.assertStatus(403)
    assert.equal(spoofed.body().error.message, 'You can only get banner code for your own account.')

    // Admins must name a live affiliate of their organisation.
    const outsider = await createTenant('affiliate')
    for (const [query, message] of [
      ['', 'Please select an affiliate'],
      [`?affiliateId=${outsider.user.id}`, 'Please select a valid affiliate'],
      [`?affiliateId=${org.id > 0 ? 99999999 : 1}`, 'Please select a valid affiliate'],
    ]) {
      const refused = await client.get(`${MEDIA}/${banner.id}/banner-code${query}`).bearerToken(token)
      refused.assertStatus(422)
      assert.equal(refused.body().error.message, message)
    }
    const pt = await client
      .get(`${MEDIA}/${banner.id}/banner-code?affiliateId=${affiliate.user.id}&campaignId=7`)
      .bearerToken(token)
      .header('accept-language', 'pt')
    pt.assertStatus(422)
    assert.equal(pt.body().error.message, 'Por favor, selecione uma campanha válida')
    // A campaign in the code must be one the affiliate may promote: public or approved, not blocked.
    const brand = (await client.post('/api/v1/brands/brands').bearerToken(token).json({ name: 'Lucky' })).body().data
    const campaign = async (title: string, visibility: string) =>
      (
        await client
          .post('/api/v1/campaigns/campaigns')
          .bearerToken(token)
          .json({ title, brandId: brand.id, defaultUrl: 'https://lucky.example/?c={click_id}', visibility })
      ).body().data.id as number
    const vip = await campaign('VIP', 'private')
    const closedToHim = await campaign('Closed to him', 'public')
    ;(
      await client
        .put(`/api/v1/campaigns/campaigns/${closedToHim}/blocked-affiliates`)
        .bearerToken(token)
        .json({ affiliateIds: [affiliate.user.id] })
    ).assertStatus(200)
    const codeFor = (campaignId: number, as: 'admin' | 'affiliate') =>
      as === 'admin'
        ? client
            .get(`${MEDIA}/${banner.id}/banner-code?affiliateId=${affiliate.user.id}&campaignId=${campaignId}`)
            .bearerToken(token)
        : client.get(`${MEDIA}/${banner.id}/banner-code?campaignId=${campaignId}`).bearerToken(affiliate.token)
    for (const as of ['admin', 'affiliate'] as const) {
      const allowed = await codeFor(open, as)
      allowed.assertStatus(200)
      assert.equal(new URL(allowed.body().data.trackingLink).pathname, `/c/${open}`)
      for (const refusedId of [vip, closedToHim]) {
        const refused = await codeFor(refusedId, as)
        refused.assertStatus(422)
        assert.equal(refused.body().error.fields[0].field, 'campaignId')
        assert.equal(refused.body().error.message, 'Please select a valid campaign')
      }
    }
    // Once the network approves its access, the private campaign is fine; another affiliate is not.
    ;(
      await client
        .post(`/api/v1/campaigns/campaign-access-requests/${vip}/${affiliate.user.id}/approve`)
        .bearerToken(token)
    ).assertStatus(200)
    ;(await codeFor(vip, 'affiliate')).assertStatus(200)
    ;(
      await client
        .get(`${MEDIA}/${banner.id}/banner-code?affiliateId=${otherAffiliate.user.id}&campaignId=${vip}`)
        .bearerToken(token)
    ).assertStatus(422)
    const notNumber = await client.get(`${MEDIA}/${banner.id}/banner-code?affiliateId=abc`).bearerToken(token)
    notNumber.assertStatus(422)
    assert.equal(notNumber.body().error.fields[0].field, 'affiliateId')

    // HTML ads: the content with macros replaced (values escaped); text links: the title in a link.
    const ad = (
      await createMultipart(
        client,
        token,
        { title: 'Ad', type: 'htmlad', macros: JSON.stringify({ macro: '{game}', value: '<Slots & "Co">' }) },
        { contents: HTML, name: 'ad.html' }
      )
    ).body().data
    const adCode = (
      await client
        .get(`${MEDIA}/${ad.id}/banner-code?affiliateId=${affiliate.user.id}&campaignId=${open}`)
        .bearerToken(token)
    ).body().data
    assert.equal(
      adCode.html,
      `<div class="ad"><a href="${adCode.trackingLink.replace(/&/g, '&amp;')}">Play &lt;Slots &amp; &quot;Co&quot;&gt;</a> <span>${affiliate.user.id}</span></div>`
    )
    const text = (
      await client
        .post(MEDIA)
        .bearerToken(token)
        .json({ title: 'Join <now>', type: 'text_link', link: 'https://casino.example' })
    ).body().data
    const textCode = (
      await client
        .get(`${MEDIA}/${text.id}/banner-code?affiliateId=${affiliate.user.id}&campaignId=${open}`)
        .bearerToken(token)
    ).body().data
    assert.equal(
      textCode.html,
      `<a href="${textCode.trackingLink.replace(/&/g, '&amp;')}" target="_blank" rel="noopener">Join &lt;now&gt;</a>`
    )
    const drive = (
      await client
        .post(MEDIA)
        .bearerToken(token)
        .json({ title: 'Kit', type: 'drive_link', link: 'https://drive.google.com/x' })
    ).body().data
    const noCode = await client
      .get(`${MEDIA}/${drive.id}/banner-code?affiliateId=${affiliate.user.id}`)
      .bearerToken(token)
    noCode.assertStatus(422)
    assert.equal(noCode.body().error.message, 'Banner code is not available for this media type.')
  })

  test('roles: admin and sub-admin manage; AFM, ADM and parent read; affiliates read active non-hidden media; brands are denied', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    const subAdmin = await addUser(org.id, 'sub-admin')
    const created = await client
      .post(MEDIA)
      .bearerToken(subAdmin.token)
      .json({ title: 'By sub-admin', type: 'text_link', link: 'https://a.example' })
    created.assertStatus(201)
    const active = created.body().data
    const inactive = (
      await client
        .post(MEDIA)
        .bearerToken(token)
        .json({ title: 'Paused', type: 'text_link', link: 'https://a.example', status: 'inactive' })
    ).body().data
    const hidden = (
      await createMultipart(
        client,
        token,
        { title: 'Hidden', type: 'hidden' },
        { contents: await png(), name: 'h.png' }
      )
    ).body().data
    const banner = (
      await createMultipart(
        client,
        token,
        { title: 'Visible', type: 'banner' },
        { contents: await png(), name: 'v.png' }
      )
    ).body().data

    for (const role of ['afm', 'adm', 'parent'] as const) {
      const reader = await addUser(org.id, role)
      const listed = await client.get(MEDIA).bearerToken(reader.token)
      listed.assertStatus(200)
      assert.lengthOf(listed.body().data, 4, role)
      ;(await client.get(`${MEDIA}/${hidden.id}/file`).bearerToken(reader.token)).assertStatus(200)
      ;(await client.post(MEDIA).bearerToken(reader.token).json({ title: 'X', type: 'hidden' })).assertStatus(403)
      ;(await client.patch(`${MEDIA}/${active.id}`).bearerToken(reader.token).json({ title: 'X' })).assertStatus(403)
      ;(await client.delete(`${MEDIA}/${active.id}`).bearerToken(reader.token)).assertStatus(403)
      ;(
        await client
          .post(`${MEDIA}/status`)
          .bearerToken(reader.token)
          .json({ ids: [active.id], status: 'inactive' })
      ).assertStatus(403)
    }

    const affiliate = await addUser(org.id, 'affiliate')
    const seen = await client.get(MEDIA).bearerToken(affiliate.token)
    seen.assertStatus(200)
    assert.sameMembers(
      seen.body().data.map((entry: any) => entry.id),
      [active.id, banner.id]
    )
    ;(await client.get(`${MEDIA}/${banner.id}/file`).bearerToken(affiliate.token)).assertStatus(200)
    for (const id of [inactive.id, hidden.id]) {
      ;(await client.get(`${MEDIA}/${id}`).bearerToken(affiliate.token)).assertStatus(404)
      ;(await client.get(`${MEDIA}/${id}/file`).bearerToken(affiliate.token)).assertStatus(404)
      ;(await client.get(`${MEDIA}/${id}/banner-code`).bearerToken(affiliate.token)).assertStatus(404)
    }
    assert.lengthOf((await client.get(`${MEDIA}?status=inactive`).bearerToken(affiliate.token)).body().data, 0)
    ;(await client.post(MEDIA).bearerToken(affiliate.token).json({ title: 'X', type: 'hidden' })).assertStatus(403)
    ;(
      await client
        .post(`${MEDIA}/${banner.id}/file`)
        .bearerToken(affiliate.token)
        .file('file', await png(), { filename: 'x.png' })
    ).assertStatus(403)
    ;(await client.delete(`${MEDIA}/${banner.id}`).bearerToken(affiliate.token)).assertStatus(403)

    const brand = await addUser(org.id, 'brand')
    ;(await client.get(MEDIA).bearerToken(brand.token)).assertStatus(403)
    ;(await client.get(`${MEDIA}/${banner.id}`).bearerToken(brand.token)).assertStatus(403)
    ;(await client.get(`${MEDIA}/${banner.id}/file`).bearerToken(brand.token)).assertStatus(403)
  })

  test('tenant isolation: another organisation cannot read, change or download', async ({ client, assert }) => {
    const a = await createTenant('admin')
    const b = await createTenant('admin')
    const bAffiliate = await addUser(b.org.id, 'affiliate')
    const media = (
      await createMultipart(
        client,
        a.token,
        { title: 'A banner', type: 'banner' },
        { contents: await png(), name: 'a.png' }
      )
    ).body().data
    for (const token of [b.token, bAffiliate.token]) {
      ;(await client.get(`${MEDIA}/${media.id}`).bearerToken(token)).assertStatus(404)
      ;(await client.get(`${MEDIA}/${media.id}/file`).bearerToken(token)).assertStatus(404)
      ;(await client.get(`${MEDIA}/${media.id}/banner-code`).bearerToken(token)).assertStatus(404)
      assert.lengthOf((await client.get(MEDIA).bearerToken(token)).body().data, 0)
    }
    ;(await client.patch(`${MEDIA}/${media.id}`).bearerToken(b.token).json({ title: 'Mine' })).assertStatus(404)
    ;(
      await client
        .post(`${MEDIA}/${media.id}/file`)
        .bearerToken(b.token)
        .file('file', await png(), { filename: 'x.png' })
    ).assertStatus(404)
    ;(await client.delete(`${MEDIA}/${media.id}`).bearerToken(b.token)).assertStatus(404)
    // An admin of B cannot make banner code of A's media for B's affiliate either.
    ;(
      await client.get(`${MEDIA}/${media.id}/banner-code?affiliateId=${bAffiliate.user.id}`).bearerToken(b.token)
    ).assertStatus(404)
    const unchanged = await client.get(`${MEDIA}/${media.id}`).bearerToken(a.token)
    assert.equal(unchanged.body().data.title, 'A banner')
  })
  test('public creative link: serves a live banner without a login, 404 once inactive, hidden, deleted or the plugin is off', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    const image = await png(468, 60)
    const banner = (
      await createMultipart(
        client,
        token,
        { title: 'Public banner', type: 'banner' },
        { contents: image, name: 'p.png' }
      )
    ).body().data
    const publicUrl = new URL(banner.file.publicUrl)
    const path = publicUrl.pathname
    const version = publicUrl.searchParams.get('v')!
    const row = await db.from('media').where('id', banner.id).first()
    assert.equal(path, `/api/v1/media/public/creatives/${row.public_token}.png`)

    // No token at all: the bytes, immutable while versioned, sandboxed, embeddable anywhere.
    const served = await fetch(banner.file.publicUrl)
    assert.equal(served.status, 200)
    assert.isTrue(Buffer.from(await served.arrayBuffer()).equals(image))
    assert.equal(served.headers.get('content-type'), 'image/png')
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff')
    assert.include(served.headers.get('content-security-policy')!, 'sandbox')
    assert.equal(served.headers.get('cache-control'), 'public, max-age=86400, immutable')
    assert.equal(served.headers.get('cross-origin-resource-policy'), 'cross-origin')
    assert.isNull(served.headers.get('content-disposition'), 'the file name is not exposed')
    const bare = await client.get(path)
    bare.assertStatus(200)
    assert.equal(bare.header('cache-control'), 'public, max-age=300')
    ;(await client.get(path).header('if-none-match', `"${version}"`)).assertStatus(304)

    // Banner code pasted on an affiliate's site points at the public link.
    const affiliate = await addUser(org.id, 'affiliate')
    const campaignId = await openCampaign(client, token)
    const code = (
      await client.get(`${MEDIA}/${banner.id}/banner-code?campaignId=${campaignId}`).bearerToken(affiliate.token)
    ).body().data
    assert.include(code.html, `<img src="${banner.file.publicUrl.replace(/&/g, '&amp;')}"`)

    // Replacing the file changes the version, so caches of the old image are not reused.
    const replaced = await client
      .post(`${MEDIA}/${banner.id}/file`)
      .bearerToken(token)
      .file('file', await png(300, 250), { filename: 'q.png' })
    const newUrl = new URL(replaced.body().data.file.publicUrl)
    assert.equal(newUrl.pathname, path, 'pasted banners keep working')
    assert.notEqual(newUrl.searchParams.get('v'), version)
    const stale = await client.get(`${path}?v=${version}`)
    stale.assertStatus(200)
    assert.equal(stale.header('cache-control'), 'public, max-age=300')

    const live = async () => (await client.get(path)).status()
    ;(await client.patch(`${MEDIA}/${banner.id}`).bearerToken(token).json({ status: 'inactive' })).assertStatus(200)
    assert.equal(await live(), 404)
    ;(
      await client
        .post(`${MEDIA}/status`)
        .bearerToken(token)
        .json({ ids: [banner.id], status: 'active' })
    ).assertStatus(200)
    assert.equal(await live(), 200)
    ;(await client.patch(`${MEDIA}/${banner.id}`).bearerToken(token).json({ type: 'hidden' })).assertStatus(200)
    assert.equal(await live(), 404)
    ;(await client.patch(`${MEDIA}/${banner.id}`).bearerToken(token).json({ type: 'banner' })).assertStatus(200)
    assert.equal(await live(), 200)
    ;(await client.patch('/api/v1/plugins/media').bearerToken(token).json({ enabled: false })).assertStatus(200)
    assert.equal(await live(), 404)
    ;(await client.patch('/api/v1/plugins/media').bearerToken(token).json({ enabled: true })).assertStatus(200)
    assert.equal(await live(), 200)
    ;(await client.delete(`${MEDIA}/${banner.id}`).bearerToken(token)).assertStatus(200)
    assert.equal(await live(), 404)
  })

  test('public creative link: only images of live media, only by the exact token, and the token opens nothing else', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const banner = (
      await createMultipart(client, token, { title: 'B', type: 'banner' }, { contents: await png(), name: 'b.png' })
    ).body().data
    const ad = (
      await createMultipart(client, token, { title: 'Ad', type: 'htmlad' }, { contents: HTML, name: 'ad.html' })
    ).body().data
    const text = (
      await client.post(MEDIA).bearerToken(token).json({ title: 'T', type: 'text_link', link: 'https://x.example/' })
    ).body().data
    const hidden = (
      await createMultipart(client, token, { title: 'H', type: 'hidden' }, { contents: await png(), name: 'h.png' })
    ).body().data
    assert.isNull(ad.file.publicUrl, 'HTML is never served publicly')
    assert.isNull(text.file)
    assert.isNull(hidden.file.publicUrl)
    for (const id of [ad.id, hidden.id]) {
      const tokenOf = (await db.from('media').where('id', id).first()).public_token
      for (const extension of ['html', 'png', 'bin']) {
        ;(await client.get(`/api/v1/media/public/creatives/${tokenOf}.${extension}`)).assertStatus(404)
      }
    }

    const bannerToken = (await db.from('media').where('id', banner.id).first()).public_token as string
    assert.notInclude(bannerToken, String(banner.id))
    const tokens = (await db.from('media').select('public_token')).map((entry) => entry.public_token)
    assert.equal(new Set(tokens).size, tokens.length, 'tokens are unique')
    const base = '/api/v1/media/public/creatives'
    for (const file of [
      `${bannerToken}.jpg`, // another extension
      `${bannerToken}`, // none
      `${bannerToken.slice(0, -1)}.png`, // a near miss
      `${bannerToken.toUpperCase()}.png`,
      `${banner.id}.png`, // the id
      `..%2F${bannerToken}.png`,
      'x'.repeat(200) + '.png',
    ]) {
      ;(await client.get(`${base}/${file}`)).assertStatus(404)
    }
    // The token is not a credential: it opens no API route.
    for (const path of [`${MEDIA}/${banner.id}`, `${MEDIA}/${banner.id}/file`, MEDIA]) {
      ;(await client.get(path).bearerToken(bannerToken)).assertStatus(401)
    }
    ;(await client.get(`${MEDIA}/${bannerToken}`).bearerToken(token)).assertStatus(404)
    // The public answer carries the image only: no JSON, no record fields.
    const served = await client.get(`${base}/${bannerToken}.png`)
    served.assertStatus(200)
    assert.notInclude(JSON.stringify(served.headers()), 'b.png')
    // Neither the id nor the file name in any header (values vary: request id, ETag, date, so compare whole tokens).
    const varying = new Set(['date', 'x-request-id', 'etag', 'content-length', 'last-modified', 'keep-alive'])
    const headerTokens = Object.entries(served.headers())
      .filter(([name]) => !varying.has(name))
      .flatMap(([, value]) => String(value).split(/[^A-Za-z0-9._-]+/))
    assert.notInclude(headerTokens, String(banner.id))
    assert.notInclude(headerTokens, 'b.png')
    // Nothing else lives under the public prefix.
    ;(await client.get('/api/v1/media/public/media')).assertStatus(404)
    ;(await client.get(`/api/v1/media/public/media/${banner.id}/file`)).assertStatus(404)
  })

  test('demo seed: two generated banners, text links, a brand kit and a retired folder; banners stored and served', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    await db.transaction((trx) => registry.get('media')!.seed!(demoSeedContext(trx, org.id, 'media')))
    const listed = (await client.get(`${MEDIA}?sort=id`).bearerToken(token)).body().data
    assert.deepEqual(
      listed.map((media: any) => [media.type, media.status]),
      [
        ['banner', 'active'],
        ['banner', 'active'],
        ['text_link', 'active'],
        ['text_link', 'active'],
        ['dropbox_link', 'active'],
        ['drive_link', 'inactive'],
      ]
    )
    assert.deepEqual(
      listed.slice(0, 2).map((media: any) => [media.file.mime, media.file.width, media.file.height]),
      [
        ['image/png', 300, 250],
        ['image/png', 728, 90],
      ]
    )
    for (const media of listed.slice(0, 2)) {
      const bytes = Buffer.from(await (await fetch(media.file.publicUrl)).arrayBuffer())
      const metadata = await sharp(bytes).metadata()
      assert.deepInclude(metadata, { format: 'png', width: media.file.width, height: media.file.height })
      assert.equal(bytes.length, media.file.size)
      // A drawn banner, not a flat fill: the text makes more than one colour.
      const stats = await sharp(bytes).stats()
      assert.isAbove(stats.channels[0].stdev, 1)
    }
    const affiliate = await addUser(org.id, 'affiliate')
    const campaignId = await openCampaign(client, token)
    const code = (
      await client.get(`${MEDIA}/${listed[2].id}/banner-code?campaignId=${campaignId}`).bearerToken(affiliate.token)
    ).body().data
    assert.include(new URL(code.trackingLink).searchParams.get('url')!, `src=textlink&pid=${affiliate.user.id}`)
  })
})
