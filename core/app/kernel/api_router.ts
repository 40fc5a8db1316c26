/*
 * A thin wrapper over the AdonisJS router that records each route in the OpenAPI
 * registry. Plugins receive one, already prefixed with /api/v1/<plugin id> and behind
 * auth, tenancy and the pluginEnabled guard.
 */
import type { Router } from '@adonisjs/core/http'
import type { RouteFn, StoreRouteHandler } from '@adonisjs/core/types/http'
import type { VineValidator } from '@vinejs/vine'
import { openapiRegistry, type OperationRecord, type Schema } from './openapi.js'

type Handler = RouteFn | StoreRouteHandler | string | [any, string?]

export interface RouteSpec {
  /** Short camelCase name; the operationId is `<pluginId><Name>`. */
  name: string
  summary: string
  description?: string
  query?: OperationRecord['query']
  body?: VineValidator<any, any> | Schema
  multipart?: OperationRecord['multipart']
  response: OperationRecord['response']
  errors?: OperationRecord['errors']
}

const camel = (value: string) =>
  value.replace(/[-_\s]+(.)?/g, (_, chr: string | undefined) => (chr ? chr.toUpperCase() : ''))

export class ApiRouter {
  constructor(
    private readonly router: Router,
    /** Full path prefix used in the OpenAPI document, e.g. /api/v1/brands. */
    private readonly prefix: string,
    /** OpenAPI tag and operationId prefix, e.g. brands. */
    private readonly tag: string,
    private readonly isPublic = false
  ) {}

  private add(method: OperationRecord['method'], path: string, spec: RouteSpec, handler: Handler) {
    const fullPath = (this.prefix + path).replace(/\/$/, '') || '/'
    const body =
      spec.body && typeof (spec.body as VineValidator<any, any>).toJSONSchema === 'function'
        ? ((spec.body as VineValidator<any, any>).toJSONSchema() as Schema)
        : (spec.body as Schema | undefined)
    const operationId = camel(`${this.tag}-${spec.name}`)
    openapiRegistry.add({
      method,
      path: fullPath.replace(/:([a-zA-Z_]+)/g, '{$1}'),
      tag: this.tag,
      operationId,
      summary: spec.summary,
      description: spec.description,
      public: this.isPublic,
      query: spec.query,
      body,
      multipart: spec.multipart,
      response: spec.response,
      errors: spec.errors,
    })
    const verb = method === 'delete' ? 'delete' : method
    // Named after the operation: AdonisJS names routes by controller method otherwise,
    // which collides when PUT and PATCH share one.
    return (this.router[verb] as (p: string, h: Handler) => any).call(this.router, path, handler).as(operationId)
  }

  get(path: string, spec: RouteSpec, handler: Handler) {
    return this.add('get', path, spec, handler)
  }
  post(path: string, spec: RouteSpec, handler: Handler) {
    return this.add('post', path, spec, handler)
  }
  put(path: string, spec: RouteSpec, handler: Handler) {
    return this.add('put', path, spec, handler)
  }
  patch(path: string, spec: RouteSpec, handler: Handler) {
    return this.add('patch', path, spec, handler)
  }
  delete(path: string, spec: RouteSpec, handler: Handler) {
    return this.add('delete', path, spec, handler)
  }
}
