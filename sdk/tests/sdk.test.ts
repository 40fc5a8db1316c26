/*
 * The SDK against a real server (fresh database affix_test_sdk, demo data). Every request
 * is matched to its operationId from openapi/openapi.json, so the last tests can prove
 * that each operation tagged "brands", "media", "campaigns", "fraud", "domains" or "tracking", and each
 * operation of the background imports, was exercised.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'
import {
  AffixApiError,
  affiliatesAffiliateImportSample,
  affiliatesAffiliateUpdateSample,
  affiliatesImportAffiliates,
  affiliatesImportAffiliateUpdates,
  authLogin,
  authLogout,
  brandsAddBrandPanel,
  brandsCreateBrand,
  brandsListBrandPanels,
  brandsRemoveBrandPanel,
  brandsCreateProduct,
  brandsDeleteBrand,
  brandsDeleteProduct,
  brandsGetBrand,
  brandsGetProduct,
  brandsImportProducts,
  brandsListBrands,
  brandsListProducts,
  brandsReplaceBrand,
  brandsReplaceProduct,
  brandsSetBrandsStatus,
  brandsSetProductsStatus,
  brandsUpdateBrand,
  brandsUpdateProduct,
  brandsExportBrands,
  brandsExportProducts,
  coreCancelImport,
  coreDownloadFailedRows,
  coreDownloadImportFile,
  coreListExports,
  coreListImports,
  coreGetAccount,
  coreGetImport,
  affiliatesListAffiliates,
  affiliatesCreateGroup,
  affiliatesDeleteGroup,
  campaignsAddCampaignNote,
  campaignsApproveCampaignAccess,
  campaignsCreateCampaign,
  campaignsCreateCampaignCap,
  campaignsCreateCampaignLink,
  campaignsCreateCampaignRuleBlock,
  campaignsDeleteCampaign,
  campaignsDeleteCampaignCap,
  campaignsDeleteCampaignNote,
  campaignsDeleteCampaignRuleBlock,
  campaignsGetCampaignCap,
  campaignsGetCampaignRuleBlock,
  campaignsExportCampaigns,
  campaignsGetCampaign,
  campaignsGetCampaignBlockedAffiliates,
  campaignsGetCampaignGroups,
  campaignsGetCampaignPayout,
  campaignsGetCampaignTimeline,
  campaignsListCampaignAccessRequests,
  campaignsListCampaignCaps,
  campaignsListCampaignNotes,
  campaignsListCampaignRuleBlocks,
  campaignsListCampaigns,
  campaignsListFeaturedCampaigns,
  campaignsRejectCampaignAccess,
  campaignsReplaceCampaign,
  campaignsReplaceCampaignCap,
  campaignsReplaceCampaignRuleBlock,
  campaignsRequestCampaignAccess,
  campaignsSetCampaignBlockedAffiliates,
  campaignsSetCampaignGroups,
  campaignsSetCampaignPayout,
  campaignsSetCampaignsFeatured,
  campaignsSetCampaignsStatus,
  campaignsUpdateCampaign,
  campaignsUpdateCampaignCap,
  campaignsUpdateCampaignRuleBlock,
  campaignsValidateUrl,
  domainsCreateDomain,
  domainsDeleteDomain,
  domainsGetDomain,
  domainsListDomains,
  domainsReplaceDomain,
  domainsUpdateDomain,
  fraudCreateFraudRule,
  fraudDeleteFraudRule,
  fraudGetFraudRule,
  fraudListFraudRules,
  fraudReplaceFraudRule,
  fraudSetFraudRulesStatus,
  fraudUpdateFraudRule,
  trackingGetClick,
  trackingListClicks,
  mediaCreateMedia,
  mediaDeleteMedia,
  mediaDownloadCreative,
  mediaDownloadMediaFile,
  mediaGetBannerCode,
  mediaGetMedia,
  mediaListMedia,
  mediaReplaceMedia,
  mediaSetMediaStatus,
  mediaUpdateMedia,
  mediaUploadMediaFile,
  createAffixClient,
  paged,
  unwrap,
  type BrandsCreateBrandData,
  type Client,
  type ImportRecord,
} from '../src/index.js'

interface OpenApiOperation {
  operationId: string
  tags?: string[]
}
const document = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, OpenApiOperation>>
}

/** method + path template → operationId; literal paths first so /brands/status beats /brands/{id}. */
const operationMatchers = Object.entries(document.paths)
  .flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      templated: template.includes('{'),
      operation,
    }))
  )
  .sort((a, b) => Number(a.templated) - Number(b.templated))

const calledOperationIds = new Set<string>()

function trackOperations(client: Client): Client {
  client.interceptors.response.use((response, request) => {
    const path = new URL(request.url).pathname
    const match = operationMatchers.find((matcher) => matcher.method === request.method && matcher.pattern.test(path))
    if (match) calledOperationIds.add(match.operation.operationId)
    return response
  })
  return client
}

async function apiError(call: Promise<unknown>): Promise<AffixApiError> {
  const error = await call.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (reason: unknown) => reason
  )
  expect(error).toBeInstanceOf(AffixApiError)
  return error as AffixApiError
}

/** Polls a background import until it has finished. */
async function finishedImport(id: number): Promise<ImportRecord> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const record = await unwrap(coreGetImport({ client: affix, path: { id } }))
    if (['completed', 'failed', 'cancelled', 'imported_partially'].includes(record.status)) return record
    if (Date.now() > deadline) throw new Error(`import ${id} is still ${record.status}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

let server: TestServer
let affix: Client
let token: string

// The demo media are files: keep them out of the repository's data folder.
const dataDir = mkdtempSync(join(tmpdir(), 'affix-sdk-data-'))

beforeAll(async () => {
  server = await startTestServer({
    database: process.env.SDK_TEST_DATABASE ?? 'affix_test_sdk',
    env: { DATA_DIR: dataDir },
  })
})

afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('@affix/sdk against a live server', () => {
  it('logs in and reads the account', async () => {
    const anonymous = trackOperations(createAffixClient({ baseUrl: server.url }))
    const session = await unwrap(authLogin({ client: anonymous, body: DEMO_ADMIN }))
    expect(session.type).toBe('bearer')
    expect(session.token).toMatch(/^afx_/)
    token = session.token

    affix = trackOperations(createAffixClient({ baseUrl: `${server.url}/`, token }))
    const account = await unwrap(coreGetAccount({ client: affix }))
    expect(account.user.email).toBe(DEMO_ADMIN.email)
    expect(account.abilities).toContainEqual({ subject: 'brands', action: 'manage' })
  })

  it('sends an x-request-id that the server echoes', async () => {
    const result = await coreGetAccount({ client: affix })
    const sent = result.request?.headers.get('x-request-id')
    expect(sent).toMatch(/^[0-9a-f-]{36}$/)
    expect(result.response?.headers.get('x-request-id')).toBe(sent)
  })

  it('lists brands a page at a time with the total from Content-Range', async () => {
    const first = await paged(brandsListBrands({ client: affix, query: { limit: 1, page: 1, sort: 'name' } }))
    expect(first).toMatchObject({ total: 2, start: 0, resource: 'brands' })
    expect(first.items.map((brand) => brand.name)).toEqual(['Lucky Spin Casino'])

    const second = await paged(brandsListBrands({ client: affix, query: { limit: 1, page: 2, sort: 'name' } }))
    expect(second).toMatchObject({ total: 2, start: 1 })
    expect(second.items.map((brand) => brand.name)).toEqual(['Royal Bet'])

    const descending = await paged(brandsListBrands({ client: affix, query: { sort: '-name' } }))
    expect(descending.items.map((brand) => brand.name)).toEqual(['Royal Bet', 'Lucky Spin Casino'])

    const searched = await paged(
      brandsListBrands({ client: affix, query: { q: 'royal', filter: JSON.stringify({ status: 'active' }) } })
    )
    expect(searched.total).toBe(1)
    expect(searched.items[0]?.name).toBe('Royal Bet')

    const badSort = await apiError(paged(brandsListBrands({ client: affix, query: { sort: 'password' } })))
    expect(badSort.status).toBe(422)
    expect(badSort.fields.map((field) => field.field)).toEqual(['sort'])
  })

  it('creates, reads, updates, bulk-updates and deletes a brand', async () => {
    const created = await unwrap(
      brandsCreateBrand({
        client: affix,
        body: { name: 'SDK Test Brand', email: 'sdk@brand.example', website: 'https://sdk.example', status: 'active' },
      })
    )
    expect(created).toMatchObject({
      name: 'SDK Test Brand',
      email: 'sdk@brand.example',
      status: 'active',
    })
    expect(created).not.toHaveProperty('hasPassword')

    const fetched = await unwrap(brandsGetBrand({ client: affix, path: { id: created.id } }))
    expect(fetched.id).toBe(created.id)

    const patched = await unwrap(
      brandsUpdateBrand({ client: affix, path: { id: created.id }, body: { contact: '+44 20 7946 0000' } })
    )
    expect(patched.contact).toBe('+44 20 7946 0000')
    expect(patched.name).toBe('SDK Test Brand')

    const replaced = await unwrap(
      brandsReplaceBrand({
        client: affix,
        path: { id: created.id },
        body: { name: 'SDK Test Brand Renamed' },
      })
    )
    expect(replaced).toMatchObject({ name: 'SDK Test Brand Renamed' })

    const bulk = await unwrap(brandsSetBrandsStatus({ client: affix, body: { ids: [created.id], status: 'inactive' } }))
    expect(bulk.updated).toBe(1)
    expect((await unwrap(brandsGetBrand({ client: affix, path: { id: created.id } }))).status).toBe('inactive')

    const deleted = await unwrap(brandsDeleteBrand({ client: affix, path: { id: created.id } }))
    expect(deleted.id).toBe(created.id)
    const listed = await paged(brandsListBrands({ client: affix, query: { q: 'SDK Test' } }))
    expect(listed.total).toBe(0)

    const missing = await apiError(unwrap(brandsGetBrand({ client: affix, path: { id: 999_999 } })))
    expect(missing.status).toBe(404)
    expect(missing.type).toBe('not_found')
  })

  it("invites a brand's person, lists and unlinks the brand's panels", async () => {
    const [brand] = (await paged(brandsListBrands({ client: affix, query: { q: 'Royal Bet' } }))).items
    const invited = await unwrap(
      brandsAddBrandPanel({
        client: affix,
        path: { id: brand!.id },
        body: { email: 'desk@royalbet.example', name: 'Royal Desk' },
      })
    )
    expect(invited).toMatchObject({ brandId: brand!.id, email: 'desk@royalbet.example', hasPassword: false })
    const panels = await unwrap(brandsListBrandPanels({ client: affix, path: { id: brand!.id } }))
    expect(panels.map((panel) => panel.email)).toContain('desk@royalbet.example')
    const removed = await unwrap(
      brandsRemoveBrandPanel({ client: affix, path: { id: brand!.id, userId: invited.userId } })
    )
    expect(removed.id).toBe(invited.userId)
    const again = await apiError(
      unwrap(brandsRemoveBrandPanel({ client: affix, path: { id: brand!.id, userId: invited.userId } }))
    )
    expect(again.status).toBe(404)
  })

  it('reports validation errors with translated field messages (pt)', async () => {
    const portuguese = trackOperations(createAffixClient({ baseUrl: server.url, token, locale: 'pt' }))
    const body = { email: 'not-an-email' } as unknown as BrandsCreateBrandData['body']
    const error = await apiError(unwrap(brandsCreateBrand({ client: portuguese, body })))
    expect(error.status).toBe(422)
    expect(error.type).toBe('validation')
    expect(error.message).toBe('Nome é obrigatório')
    expect(error.fields).toContainEqual({ field: 'name', message: 'Nome é obrigatório', rule: 'required' })
    expect(error.fields.map((field) => field.field)).toContain('email')
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('manages products of a brand', async () => {
    const [brand] = (await paged(brandsListBrands({ client: affix, query: { q: 'Royal Bet' } }))).items
    expect(brand).toBeDefined()
    const brandId = brand!.id

    const product = await unwrap(brandsCreateProduct({ client: affix, body: { name: 'SDK Roulette', brandId } }))
    expect(product).toMatchObject({ name: 'SDK Roulette', brandId, status: 'active' })

    const ofBrand = await paged(brandsListProducts({ client: affix, query: { brandId, limit: 100 } }))
    expect(ofBrand.resource).toBe('products')
    expect(ofBrand.items.every((item) => item.brandId === brandId)).toBe(true)
    expect(ofBrand.items.map((item) => item.name)).toContain('SDK Roulette')
    expect(ofBrand.total).toBe(ofBrand.items.length)

    expect((await unwrap(brandsGetProduct({ client: affix, path: { id: product.id } }))).name).toBe('SDK Roulette')
    const patched = await unwrap(
      brandsUpdateProduct({ client: affix, path: { id: product.id }, body: { name: 'SDK Roulette Live' } })
    )
    expect(patched.name).toBe('SDK Roulette Live')
    const replaced = await unwrap(
      brandsReplaceProduct({ client: affix, path: { id: product.id }, body: { status: 'inactive' } })
    )
    expect(replaced.status).toBe('inactive')
    const bulk = await unwrap(brandsSetProductsStatus({ client: affix, body: { ids: [product.id], status: 'active' } }))
    expect(bulk).toMatchObject({ updated: 1, ids: [product.id] })

    const duplicate = await apiError(
      unwrap(brandsCreateProduct({ client: affix, body: { name: 'sdk roulette live', brandId } }))
    )
    expect(duplicate.status).toBe(422)
    expect(duplicate.fields).toContainEqual(expect.objectContaining({ field: 'name', rule: 'unique' }))

    expect((await unwrap(brandsDeleteProduct({ client: affix, path: { id: product.id } }))).id).toBe(product.id)
    const afterDelete = await paged(brandsListProducts({ client: affix, query: { q: 'SDK Roulette' } }))
    expect(afterDelete.total).toBe(0)
  })

  it('imports products from CSV and downloads the failed rows', async () => {
    const csv = [
      'name,brand,status',
      'SDK Slots,Lucky Spin Casino,active',
      'SDK Poker,Royal Bet,inactive',
      'SDK Bingo,No Such Brand,active',
    ].join('\n')
    const file = new File([csv], 'sdk-products.csv', { type: 'text/csv' })
    const summary = await unwrap(brandsImportProducts({ client: affix, body: { file } }))
    expect(summary).toMatchObject({
      type: 'products',
      status: 'imported_partially',
      fileName: 'sdk-products.csv',
      totalRows: 3,
      importedRows: 2,
      failedRows: 1,
    })
    expect(summary.failures).toEqual([{ line: 4, error: 'Brand "No Such Brand" does not exist' }])
    expect(summary.failedRowsUrl).toBe(`/api/v1/imports/${summary.id}/failed-rows`)

    const record = await unwrap(coreGetImport({ client: affix, path: { id: summary.id } }))
    expect(record).toMatchObject({ id: summary.id, status: 'imported_partially', importedRows: 2, failedRows: 1 })

    const failedRows = await unwrap(coreDownloadFailedRows({ client: affix, path: { id: summary.id } }))
    expect(failedRows.trim().split('\n')).toEqual([
      'line,name,brand,status,error',
      '4,SDK Bingo,No Such Brand,active,"Brand ""No Such Brand"" does not exist"',
    ])

    const imported = await paged(brandsListProducts({ client: affix, query: { q: 'SDK ', sort: 'name' } }))
    expect(imported.items.map((product) => [product.name, product.status])).toEqual([
      ['SDK Poker', 'inactive'],
      ['SDK Slots', 'active'],
    ])
  })

  it('exports brands and products as CSV with the list filters, and lists them in the downloads', async () => {
    const brands = await unwrap(brandsExportBrands({ client: affix, query: { q: 'Lucky', sort: 'name' } }))
    expect(brands.trim().split('\n')[0]).toBe(
      'id,name,email,contact,status,website,manager_id,company_name,company_country,created_at'
    )
    expect(brands).toContain('Lucky Spin Casino')
    expect(brands).not.toContain('Royal Bet')
    const products = await unwrap(brandsExportProducts({ client: affix, query: { status: 'inactive' } }))
    expect(products).toContain('SDK Poker')
    expect(products).not.toContain('SDK Slots')
    const downloads = await paged(coreListExports({ client: affix }))
    expect(downloads.items.map((record) => [record.resource, record.status])).toEqual([
      ['products', 'exported'],
      ['brands', 'exported'],
    ])
  })

  it('manages media: demo banners, upload, banner code, public creative link', async () => {
    const demo = await paged(
      mediaListMedia({ client: affix, query: { filter: JSON.stringify({ type: 'banner' }), sort: 'id' } })
    )
    expect(demo.resource).toBe('media')
    expect(demo.total).toBe(2)
    const seeded = await unwrap(mediaGetMedia({ client: affix, path: { id: demo.items[0]!.id } }))
    expect(seeded.file).toMatchObject({ mime: 'image/png', width: 300, height: 250 })

    // The public link works without a token.
    const link = new URL(seeded.file!.publicUrl!)
    const anonymous = trackOperations(createAffixClient({ baseUrl: server.url }))
    const creative = (await unwrap(
      mediaDownloadCreative({
        client: anonymous,
        path: { file: link.pathname.split('/').pop()! },
        query: { v: link.searchParams.get('v')! },
      })
    )) as unknown as Blob
    expect(creative.size).toBe(seeded.file!.size)
    const image = new File([await creative.arrayBuffer()], 'sdk.png', { type: 'image/png' })

    const created = await unwrap(
      mediaCreateMedia({
        client: affix,
        body: {
          title: 'SDK banner',
          type: 'banner',
          link: 'https://casino.example/?s={source}',
          macros: [{ macro: '{source}', value: 'sdk' }],
          file: image,
        },
      })
    )
    expect(created).toMatchObject({
      title: 'SDK banner',
      type: 'banner',
      status: 'active',
      macros: [{ macro: '{source}', value: 'sdk' }],
    })
    expect(created.file).toMatchObject({ name: 'sdk.png', mime: 'image/png', size: image.size })
    const id = created.id

    expect(
      (await unwrap(mediaUpdateMedia({ client: affix, path: { id }, body: { title: 'SDK banner 2' } }))).title
    ).toBe('SDK banner 2')
    expect(
      (await unwrap(mediaReplaceMedia({ client: affix, path: { id }, body: { status: 'inactive' } }))).status
    ).toBe('inactive')
    expect(await unwrap(mediaSetMediaStatus({ client: affix, body: { ids: [id], status: 'active' } }))).toEqual({
      updated: 1,
      ids: [id],
    })
    const uploaded = await unwrap(
      mediaUploadMediaFile({
        client: affix,
        path: { id },
        body: { file: new File([image], 'again.png', { type: 'image/png' }) },
      })
    )
    expect(uploaded.file?.name).toBe('again.png')
    const stored = (await unwrap(mediaDownloadMediaFile({ client: affix, path: { id } }))) as unknown as Blob
    expect(stored.size).toBe(image.size)

    const [affiliate] = (
      await paged(
        affiliatesListAffiliates({ client: affix, query: { filter: JSON.stringify({ status: 'active' }), limit: 1 } })
      )
    ).items
    // A banner code links through a campaign: none linked to the creative, so one is named.
    const [campaign] = (
      await paged(
        campaignsListCampaigns({
          client: affix,
          query: { filter: JSON.stringify({ status: 'active', visibility: 'public' }), limit: 1 },
        })
      )
    ).items
    const withoutCampaign = await apiError(
      unwrap(mediaGetBannerCode({ client: affix, path: { id }, query: { affiliateId: affiliate!.id } }))
    )
    expect(withoutCampaign.status).toBe(422)
    const code = await unwrap(
      mediaGetBannerCode({
        client: affix,
        path: { id },
        query: { affiliateId: affiliate!.id, campaignId: campaign!.id },
      })
    )
    expect(new URL(code.trackingLink).pathname).toBe(`/c/${campaign!.id}`)
    expect(new URL(code.trackingLink).searchParams.get('pub_id')).toBe(String(affiliate!.id))
    expect(code.html).toContain(`<img src="${uploaded.file!.publicUrl!.replace(/&/g, '&amp;')}"`)

    expect(await unwrap(mediaDeleteMedia({ client: affix, path: { id } }))).toEqual({ id })
    const gone = await apiError(
      unwrap(
        mediaDownloadCreative({
          client: anonymous,
          path: { file: new URL(uploaded.file!.publicUrl!).pathname.split('/').pop()! },
        })
      )
    )
    expect(gone.status).toBe(404)
  })

  it('links through the affiliate\u2019s tracking domain, marks a click by a fraud rule and reads it back', async () => {
    const [campaign] = (
      await paged(
        campaignsListCampaigns({
          client: affix,
          query: { filter: JSON.stringify({ status: 'active', visibility: 'public' }), limit: 1 },
        })
      )
    ).items
    const [affiliate] = (
      await paged(
        affiliatesListAffiliates({ client: affix, query: { filter: JSON.stringify({ status: 'active' }), limit: 1 } })
      )
    ).items
    expect(campaign).toBeDefined()
    expect(affiliate).toBeDefined()

    // A private tracking domain of the affiliate: its links use it.
    const host = `t${Date.now().toString(36)}.sdk.example`
    const domain = await unwrap(
      domainsCreateDomain({
        client: affix,
        body: { name: host, protocol: 'https', ssl: true, visibility: 'private', affiliateIds: [affiliate!.id] },
      })
    )
    expect(domain).toMatchObject({ name: host, baseUrl: `https://${host}`, visibility: 'private', status: 'active' })
    expect((await unwrap(domainsGetDomain({ client: affix, path: { id: domain.id } }))).name).toBe(host)
    expect((await paged(domainsListDomains({ client: affix }))).items.map((row) => row.id)).toContain(domain.id)
    const link = await unwrap(
      campaignsCreateCampaignLink({
        client: affix,
        path: { id: campaign!.id },
        body: { affiliateId: affiliate!.id, sub1: 'sdk' },
      })
    )
    expect(new URL(link.url).host).toBe(host)
    expect(
      (await unwrap(domainsUpdateDomain({ client: affix, path: { id: domain.id }, body: { type: 'white_label' } })))
        .type
    ).toBe('white_label')
    expect(
      (
        await unwrap(
          domainsReplaceDomain({ client: affix, path: { id: domain.id }, body: { name: host, status: 'inactive' } })
        )
      ).status
    ).toBe('inactive')
    expect(await unwrap(domainsDeleteDomain({ client: affix, path: { id: domain.id } }))).toEqual({ id: domain.id })

    // A mark rule on a user agent: the click is redirected and recorded as fraud.
    const agent = `sdk-agent-${Date.now()}`
    const rule = await unwrap(
      fraudCreateFraudRule({
        client: affix,
        body: { name: 'SDK agent', action: 'mark', type: 'blacklist', userAgents: [agent] },
      })
    )
    expect(rule).toMatchObject({ action: 'mark', type: 'blacklist', status: 'active', userAgents: [agent] })
    expect((await unwrap(fraudGetFraudRule({ client: affix, path: { id: rule.id } }))).name).toBe('SDK agent')
    expect((await paged(fraudListFraudRules({ client: affix }))).items.map((row) => row.id)).toContain(rule.id)
    const tracked = new URL(link.url)
    const answer = await fetch(`${server.url}${tracked.pathname}${tracked.search}`, {
      redirect: 'manual',
      headers: { 'user-agent': agent },
    })
    expect(answer.status).toBe(302)

    const clicks = (
      await paged(
        trackingListClicks({
          client: affix,
          query: { filter: JSON.stringify({ campaignId: campaign!.id, affiliateId: affiliate!.id }) },
        })
      )
    ).items
    const click = clicks.find((row) => row.userAgent === agent)
    expect(click).toMatchObject({ outcome: 'redirect', reason: null, fraudAction: 'mark', params: { sub1: 'sdk' } })
    expect(answer.headers.get('location')).toContain(click!.clickId)
    const one = await unwrap(trackingGetClick({ client: affix, path: { clickId: click!.clickId } }))
    expect(one.fraud).toEqual({ ruleIds: [rule.id], reasons: ['blacklist'] })

    expect(
      (await unwrap(fraudUpdateFraudRule({ client: affix, path: { id: rule.id }, body: { action: 'block' } }))).action
    ).toBe('block')
    expect(
      (
        await unwrap(
          fraudReplaceFraudRule({
            client: affix,
            path: { id: rule.id },
            body: { name: 'SDK agent', action: 'block', type: 'blacklist', userAgents: [agent], status: 'inactive' },
          })
        )
      ).status
    ).toBe('inactive')
    expect(
      await unwrap(fraudSetFraudRulesStatus({ client: affix, body: { ids: [rule.id], status: 'active' } }))
    ).toEqual({ updated: 1, ids: [rule.id] })
    expect(await unwrap(fraudDeleteFraudRule({ client: affix, path: { id: rule.id } }))).toEqual({ id: rule.id })
  })

  it('runs a campaign through every campaigns operation: fields, payout, caps, targeting, groups, notes, access', async () => {
    const [brand] = (
      await paged(
        brandsListBrands({ client: affix, query: { filter: JSON.stringify({ status: 'active' }), limit: 1 } })
      )
    ).items
    expect(brand).toBeDefined()
    const check = await unwrap(
      campaignsValidateUrl({
        client: affix,
        body: { url: 'https://brand.example/?c={click_id}', macros: ['click_id', 'pub_id'] },
      })
    )
    expect(check).toEqual({ valid: false, message: 'Please include the "pub_id" macro in the URL.' })

    const title = `SDK VIP ${Date.now()}`
    const campaign = await unwrap(
      campaignsCreateCampaign({
        client: affix,
        body: {
          title,
          brandId: brand!.id,
          defaultUrl: 'https://brand.example/?c={click_id}&a={pub_id}',
          visibility: 'private',
          accessQuestions: [{ question: 'Where will you promote it?', required: true }],
        },
      })
    )
    expect(campaign).toMatchObject({ title, visibility: 'private', status: 'active' })
    const path = { id: campaign.id }
    expect((await unwrap(campaignsGetCampaign({ client: affix, path }))).title).toBe(title)
    expect(
      (await unwrap(campaignsUpdateCampaign({ client: affix, path, body: { externalId: `sdk-${campaign.id}` } })))
        .externalId
    ).toBe(`sdk-${campaign.id}`)
    expect(
      (
        await unwrap(
          campaignsReplaceCampaign({ client: affix, path, body: { title: `${title}!`, attributionWindowDays: 45 } })
        )
      ).attributionWindowDays
    ).toBe(45)
    const found = (await paged(campaignsListCampaigns({ client: affix, query: { q: `sdk-${campaign.id}` } }))).items
    expect(found.map((row) => row.id)).toEqual([campaign.id])
    expect(
      await unwrap(campaignsExportCampaigns({ client: affix, query: { q: `sdk-${campaign.id}` }, parseAs: 'text' }))
    ).toContain(`${title}!`)

    // Payout plan: amounts and percentages as decimal strings.
    expect(await unwrap(campaignsGetCampaignPayout({ client: affix, path }))).toBeNull()
    const plan = await unwrap(
      campaignsSetCampaignPayout({
        client: affix,
        path,
        body: { model: 'hybrid', goal: 'ftd', cpaPayout: 50, cpsNgrP: 25.5 },
      })
    )
    expect(plan).toMatchObject({ model: 'hybrid', cpaPayout: '50.00', cpsNgrP: '25.50' })
    expect((await unwrap(campaignsGetCampaignPayout({ client: affix, path })))?.model).toBe('hybrid')

    // Caps: the server's order rule, then a valid one changed and removed.
    const badCap = await apiError(
      unwrap(
        campaignsCreateCampaignCap({
          client: affix,
          path,
          body: {
            variable: 'clicks',
            type: 'combined',
            visibility: 'public',
            action: 'reject_activity',
            limits: { daily: 500, hourly: 600 },
          },
        })
      )
    )
    expect(badCap.status).toBe(422)
    const cap = await unwrap(
      campaignsCreateCampaignCap({
        client: affix,
        path,
        body: {
          variable: 'clicks',
          type: 'combined',
          visibility: 'public',
          action: 'reject_activity',
          limits: { daily: 500 },
        },
      })
    )
    expect(cap.limits).toMatchObject({ daily: 500 })
    expect(
      (
        await unwrap(
          campaignsUpdateCampaignCap({
            client: affix,
            path: { id: campaign.id, capId: cap.id },
            body: { action: 'pause_campaign' },
          })
        )
      ).action
    ).toBe('pause_campaign')
    expect(
      (
        await unwrap(
          campaignsReplaceCampaignCap({
            client: affix,
            path: { id: campaign.id, capId: cap.id },
            body: {
              variable: 'ftd',
              type: 'each_affiliate',
              visibility: 'private',
              action: 'reject_activity',
              limits: { lifetime: 10 },
            },
          })
        )
      ).type
    ).toBe('each_affiliate')
    expect((await unwrap(campaignsListCampaignCaps({ client: affix, path }))).map((row) => row.id)).toEqual([cap.id])
    expect(
      (await unwrap(campaignsGetCampaignCap({ client: affix, path: { id: campaign.id, capId: cap.id } }))).limits
        .lifetime
    ).toBe(10)
    expect(
      await unwrap(campaignsDeleteCampaignCap({ client: affix, path: { id: campaign.id, capId: cap.id } }))
    ).toEqual({ id: cap.id })

    // Targeting rule blocks.
    const block = await unwrap(
      campaignsCreateCampaignRuleBlock({
        client: affix,
        path,
        body: {
          name: 'Brazil mobile',
          logic: 'and',
          conditions: [{ field: 'country', operator: 'in', values: ['br'] }],
        },
      })
    )
    expect(block.conditions).toEqual([{ field: 'country', operator: 'in', values: ['BR'] }])
    expect(
      (
        await unwrap(
          campaignsUpdateCampaignRuleBlock({
            client: affix,
            path: { id: campaign.id, blockId: block.id },
            body: { logic: 'or' },
          })
        )
      ).logic
    ).toBe('or')
    expect(
      (
        await unwrap(
          campaignsReplaceCampaignRuleBlock({
            client: affix,
            path: { id: campaign.id, blockId: block.id },
            body: {
              name: 'Desktop',
              logic: 'and',
              conditions: [{ field: 'device', operator: 'in', values: ['desktop'] }],
            },
          })
        )
      ).name
    ).toBe('Desktop')
    expect((await unwrap(campaignsListCampaignRuleBlocks({ client: affix, path }))).map((row) => row.id)).toEqual([
      block.id,
    ])
    expect(
      (await unwrap(campaignsGetCampaignRuleBlock({ client: affix, path: { id: campaign.id, blockId: block.id } })))
        .conditions
    ).toEqual([{ field: 'device', operator: 'in', values: ['desktop'] }])
    expect(
      await unwrap(campaignsDeleteCampaignRuleBlock({ client: affix, path: { id: campaign.id, blockId: block.id } }))
    ).toEqual({ id: block.id })

    // Groups, notes, featured, status.
    const [affiliate] = (
      await paged(
        affiliatesListAffiliates({ client: affix, query: { filter: JSON.stringify({ status: 'active' }), limit: 1 } })
      )
    ).items
    const group = await unwrap(
      affiliatesCreateGroup({
        client: affix,
        body: { name: `SDK group ${campaign.id}`, affiliateIds: [affiliate!.id] },
      })
    )
    expect(
      await unwrap(
        campaignsSetCampaignGroups({ client: affix, path, body: { groupIds: [group.id], primaryGroupId: group.id } })
      )
    ).toEqual({ primaryGroupId: group.id, groupIds: [group.id] })
    expect((await unwrap(campaignsGetCampaignGroups({ client: affix, path }))).groupIds).toEqual([group.id])
    const note = await unwrap(campaignsAddCampaignNote({ client: affix, path, body: { body: 'Launch in week 2' } }))
    expect((await unwrap(campaignsListCampaignNotes({ client: affix, path }))).map((row) => row.body)).toEqual([
      'Launch in week 2',
    ])
    expect(
      await unwrap(campaignsDeleteCampaignNote({ client: affix, path: { id: campaign.id, noteId: note.id } }))
    ).toEqual({ id: note.id })
    expect(
      await unwrap(campaignsSetCampaignsFeatured({ client: affix, body: { ids: [campaign.id], featured: true } }))
    ).toMatchObject({ updated: 1 })
    expect((await unwrap(campaignsListFeaturedCampaigns({ client: affix }))).map((row) => row.id)).toContain(
      campaign.id
    )
    expect(
      await unwrap(
        campaignsSetCampaignsStatus({ client: affix, body: { ids: [campaign.id], status: 'paused', reason: 'SDK' } })
      )
    ).toMatchObject({ updated: 1 })

    // Access: the demo affiliate asks, the network rejects, it asks again and is approved.
    const session = await unwrap(
      authLogin({
        client: createAffixClient({ baseUrl: server.url }),
        body: { email: 'affiliate@demo.affix.dev', password: DEMO_ADMIN.password },
      })
    )
    const asAffiliate = trackOperations(createAffixClient({ baseUrl: server.url, token: session.token }))
    const unanswered = await apiError(
      unwrap(campaignsRequestCampaignAccess({ client: asAffiliate, path, body: { answers: [''] } }))
    )
    expect(unanswered.status).toBe(422)
    const asked = await unwrap(
      campaignsRequestCampaignAccess({ client: asAffiliate, path, body: { answers: ['My casino blog'] } })
    )
    expect(asked.status).toBe('pending')
    const inbox = await unwrap(
      campaignsListCampaignAccessRequests({ client: affix, query: { status: 'pending', campaignId: campaign.id } })
    )
    expect(inbox.map((row) => [row.affiliateId, row.status])).toEqual([[asked.affiliateId, 'pending']])
    const decision = { id: campaign.id, affiliateId: asked.affiliateId }
    expect((await unwrap(campaignsRejectCampaignAccess({ client: affix, path: decision }))).status).toBe('rejected')
    await unwrap(campaignsRequestCampaignAccess({ client: asAffiliate, path, body: { answers: ['A bigger blog'] } }))
    expect((await unwrap(campaignsApproveCampaignAccess({ client: affix, path: decision }))).status).toBe('approved')
    expect((await unwrap(campaignsGetCampaign({ client: asAffiliate, path }))).accessStatus).toBe('approved')
    await unwrap(authLogout({ client: asAffiliate }))

    // Blocking the affiliate, then the timeline tells the story.
    expect(
      await unwrap(
        campaignsSetCampaignBlockedAffiliates({ client: affix, path, body: { affiliateIds: [asked.affiliateId] } })
      )
    ).toEqual({ affiliateIds: [asked.affiliateId] })
    expect(await unwrap(campaignsGetCampaignBlockedAffiliates({ client: affix, path }))).toEqual({
      affiliateIds: [asked.affiliateId],
    })
    const events = (await unwrap(campaignsGetCampaignTimeline({ client: affix, path }))).map((entry) => entry.event)
    expect(events).toEqual(
      expect.arrayContaining(['created', 'access_requested', 'access_rejected', 'access_approved'])
    )
    expect(events[events.length - 1]).toBe('created')

    expect(await unwrap(campaignsDeleteCampaign({ client: affix, path }))).toEqual({ id: campaign.id })
    expect((await apiError(unwrap(campaignsGetCampaign({ client: affix, path })))).status).toBe(404)
    expect(await unwrap(affiliatesDeleteGroup({ client: affix, path: { id: group.id } }))).toEqual({ id: group.id })
  })

  it('answers 401 without a token or with a revoked one', async () => {
    const anonymous = createAffixClient({ baseUrl: server.url })
    const noToken = await apiError(unwrap(brandsListBrands({ client: anonymous })))
    expect(noToken.status).toBe(401)
    expect(noToken.type).toBe('unauthorized')
    expect(noToken.message).not.toBe('')

    const session = await unwrap(authLogin({ client: anonymous, body: DEMO_ADMIN }))
    const shortLived = trackOperations(createAffixClient({ baseUrl: server.url, token: session.token }))
    expect(await unwrap(authLogout({ client: shortLived }))).toEqual({ loggedOut: true })
    const revoked = await apiError(unwrap(coreGetAccount({ client: shortLived })))
    expect(revoked.status).toBe(401)
  })

  it('turns an unreachable server into a network AffixApiError', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo
        probe.close(() => resolve(port))
      })
    })
    const nowhere = createAffixClient({ baseUrl: `http://127.0.0.1:${closedPort}` })
    const error = await apiError(unwrap(coreGetAccount({ client: nowhere })))
    expect(error.status).toBe(0)
    expect(error.type).toBe('network')
    expect(error.message).toContain(`Could not reach http://127.0.0.1:${closedPort}`)
    expect(error.message).toContain('ECONNREFUSED')
  })

  it('imports and updates affiliates in the background, with progress, failed rows, the original file and cancel', async () => {
    const sample = await unwrap(affiliatesAffiliateImportSample({ client: affix, parseAs: 'text' }))
    expect(sample.split('\n')[0]).toMatch(/^email,name,/)
    const updateSample = await unwrap(affiliatesAffiliateUpdateSample({ client: affix, parseAs: 'text' }))
    expect(updateSample.split('\n')[0]).toMatch(/^id,email,name,/)

    const csv = [
      'email,name,city',
      'sdk.one@partners.example,SDK One,Lisbon',
      'affiliate@demo.affix.dev,Taken,Porto',
    ].join('\n')
    const queued = await unwrap(
      affiliatesImportAffiliates({
        client: affix,
        body: { file: new File([csv], 'sdk-affiliates.csv', { type: 'text/csv' }) },
      })
    )
    expect(queued).toMatchObject({
      pluginId: 'affiliates',
      type: 'affiliates',
      fileName: 'sdk-affiliates.csv',
      totalRows: 2,
      importedRows: 0,
    })
    expect(['queued', 'processing']).toContain(queued.status)
    const done = await finishedImport(queued.id)
    expect(done).toMatchObject({
      status: 'imported_partially',
      processedRows: 2,
      importedRows: 1,
      failedRows: 1,
      failedRowsUrl: `/api/v1/imports/${queued.id}/failed-rows`,
    })
    const failedRows = await unwrap(coreDownloadFailedRows({ client: affix, path: { id: queued.id }, parseAs: 'text' }))
    expect(failedRows.trim().split('\n')).toEqual([
      'line,email,name,city,error',
      '3,affiliate@demo.affix.dev,Taken,Porto,An affiliate with the email affiliate@demo.affix.dev already exists',
    ])
    const original = await unwrap(coreDownloadImportFile({ client: affix, path: { id: queued.id }, parseAs: 'text' }))
    expect(original).toBe(csv)

    const update = await unwrap(
      affiliatesImportAffiliateUpdates({
        client: affix,
        body: {
          file: new File(['email,city\nsdk.one@partners.example,Braga\n'], 'sdk-updates.csv', { type: 'text/csv' }),
        },
      })
    )
    expect(await finishedImport(update.id)).toMatchObject({
      type: 'affiliate-updates',
      status: 'completed',
      importedRows: 1,
    })

    const history = await paged(coreListImports({ client: affix, query: { pluginId: 'affiliates', sort: '-id' } }))
    expect(history.resource).toBe('imports')
    expect(history.items.map((record) => [record.id, record.type])).toEqual([
      [update.id, 'affiliate-updates'],
      [queued.id, 'affiliates'],
    ])

    // A finished import stays as it was; cancelling it changes nothing.
    expect(await unwrap(coreCancelImport({ client: affix, path: { id: update.id } }))).toMatchObject({
      id: update.id,
      status: 'completed',
    })
    const missing = await apiError(unwrap(coreCancelImport({ client: affix, path: { id: 999_999 } })))
    expect(missing.status).toBe(404)
  })

  it('has called every operation tagged "brands" in the OpenAPI document', () => {
    const brandsOperationIds = operationMatchers
      .filter((matcher) => matcher.operation.tags?.includes('brands'))
      .map((matcher) => matcher.operation.operationId)
      .sort()
    expect(brandsOperationIds).toContain('brandsImportProducts')
    expect(brandsOperationIds.filter((operationId) => !calledOperationIds.has(operationId))).toEqual([])
  })

  it('has called every operation tagged "media" in the OpenAPI document', () => {
    const mediaOperationIds = operationMatchers
      .filter((matcher) => matcher.operation.tags?.includes('media'))
      .map((matcher) => matcher.operation.operationId)
    expect(mediaOperationIds).toContain('mediaDownloadCreative')
    expect(mediaOperationIds.filter((operationId) => !calledOperationIds.has(operationId))).toEqual([])
  })

  for (const [tag, count] of [
    ['campaigns', 38],
    ['fraud', 7],
    ['domains', 6],
    ['tracking', 2],
  ] as const) {
    it(`has called every operation tagged "${tag}" in the OpenAPI document`, () => {
      const operationIds = operationMatchers
        .filter((matcher) => matcher.operation.tags?.includes(tag))
        .map((matcher) => matcher.operation.operationId)
      expect(operationIds).toHaveLength(count)
      expect(operationIds.filter((operationId) => !calledOperationIds.has(operationId))).toEqual([])
    })
  }

  it('has called every operation of the background imports', () => {
    const importOperationIds = operationMatchers
      .filter((matcher) => /^\/api\/v1\/(imports\b|affiliates\/affiliates\/import)/.test(matcher.template))
      .map((matcher) => matcher.operation.operationId)
    expect(importOperationIds).toEqual(
      expect.arrayContaining([
        'coreListImports',
        'coreGetImport',
        'coreCancelImport',
        'coreDownloadFailedRows',
        'coreDownloadImportFile',
        'affiliatesImportAffiliates',
        'affiliatesImportAffiliateUpdates',
        'affiliatesAffiliateImportSample',
        'affiliatesAffiliateUpdateSample',
      ])
    )
    expect(importOperationIds.filter((operationId) => !calledOperationIds.has(operationId))).toEqual([])
  })
})
