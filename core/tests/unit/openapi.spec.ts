import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import router from '@adonisjs/core/services/router'
import { buildOpenApiDocument } from '#services/openapi_document'

const COMMITTED = resolve(import.meta.dirname, '../../../openapi/openapi.json')

test.group('OpenAPI document', () => {
  test('the committed openapi/openapi.json is what the code generates (run `npm run openapi` if not)', ({ assert }) => {
    const generated = JSON.stringify(buildOpenApiDocument(), null, 2) + '\n'
    assert.isTrue(
      readFileSync(COMMITTED, 'utf8') === generated,
      'openapi/openapi.json is stale: run `npm run openapi` and commit it'
    )
  })

  test('every API route is documented, with a plugin-prefixed operationId', ({ assert }) => {
    router.commit()
    const document = buildOpenApiDocument()
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)
      )
    )
    const routes = Object.values(router.toJSON()).flat()
    const apiRoutes = routes.filter((route) => route.pattern.startsWith('/api/v1') || route.pattern === '/health')
    assert.isAbove(apiRoutes.length, 10)
    for (const route of apiRoutes) {
      const path = route.pattern.replace(/:([a-zA-Z_]+)/g, '{$1}')
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        assert.isTrue(documented.has(`${method} ${path}`), `${method} ${path} is not in the OpenAPI document`)
      }
    }
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods) as Array<{ operationId: string; tags: string[] }>) {
        // Kebab-case plugin ids (deep-links) prefix operationIds camelCased (deepLinks…).
        const prefix = operation.tags[0].replace(/-(.)/g, (_, chr: string) => chr.toUpperCase())
        assert.isTrue(operation.operationId.startsWith(prefix), operation.operationId)
      }
    }
  })

  test('every tag is named once and every operation’s tag is one of them', ({ assert }) => {
    const document = buildOpenApiDocument()
    const names = document.tags.map((tag: { name: string }) => tag.name)
    assert.deepEqual(names, [...new Set(names)])
    for (const methods of Object.values(document.paths))
      for (const operation of Object.values(methods) as Array<{ tags: string[] }>)
        assert.include(names, operation.tags[0])
  })

  test('record ids in paths are integers for the SDK; click ids are UUIDs; a plugin id is its name', ({ assert }) => {
    const document = buildOpenApiDocument()
    const types = new Map<string, Set<string>>()
    const pluginIds = new Set<string>()
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const operation of Object.values(methods) as Array<{
        parameters?: Array<{ name: string; in: string; schema: { type: string; format?: string } }>
      }>) {
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'path') continue
          const type = [parameter.schema.type, parameter.schema.format].filter(Boolean).join(':')
          if (path.startsWith('/api/v1/plugins/')) pluginIds.add(type)
          else types.set(parameter.name, (types.get(parameter.name) ?? new Set()).add(type))
        }
      }
    }
    for (const name of ['id', 'capId', 'blockId', 'noteId', 'affiliateId', 'orgId', 'campaignId'])
      assert.deepEqual([...types.get(name)!], ['integer'], name)
    assert.deepEqual([...types.get('clickId')!], ['string:uuid'])
    assert.deepEqual([...types.get('type')!], ['string'])
    assert.deepEqual([...pluginIds], ['string'])
  })
})
