/*
 * A thin wrapper over the AdonisJS router that records each route in the OpenAPI
 * registry. Plugins receive one, already prefixed with /api/v1/<plugin id> and behind
 * auth, tenancy and the pluginEnabled guard.
 */
import type { Router } from '@adonisjs/core/http'
import type { RouteFn, StoreRouteHandler } from '@adonisjs/core/types/http'
import type { VineValidator } from '@vinejs/vine'
import { openapiRegistry, type OperationRecord, type RouteScope, type Schema } from './openapi.js'

type Handler = RouteFn | StoreRouteHandler | string | [any, string?]

export interface RouteSpec {
  /** Short camelCase name; the operationId is `<pluginId><Name>`. */
  name: string
  summary: string
  description?: string
  params?: OperationRecord['params']
  query?: OperationRecord['query']
  body?: VineValidator<any, any> | Schema
  /** The body may also be sent as application/x-www-form-urlencoded (default: JSON only). */
  formEncoded?: boolean
  multipart?: OperationRecord['multipart']
  response: OperationRecord['response']
  errors?: OperationRecord['errors']
  /**
   * What an API key or OAuth token needs to make this call: `<subject>:read|write` (a
   * subject of the permission catalogue), or `false` for calls only a panel session may
   * make (sessions, credentials), or `any` for a call every key and token may make
   * because it only describes the caller (GET /account). When absent it is derived from the first segment of the
   * path when that names one of the router's subjects (`/products/:id` → `products`;
   * GET → read, any other method → write); when nothing matches, keys and OAuth tokens are
   * refused. The OpenAPI document shows it as `x-affix-scope`.
   */
  scope?: RouteScope | false
  /**
   * The largest JSON body this route takes, in bytes, when it needs more than the default
   * 1 MB (a batch of 10,000 activity rows is a few MB). The request guard refuses a larger
   * one with a 413 naming the limit.
   */
  bodyLimit?: number
  /**
   * Body fields the route refuses on purpose, each with the message that says why (e.g. a
   * `password` for someone else's panel: `PASSWORD_BY_INVITATION`). The request guard
   * answers 422 with that message instead of "unknown field".
   */
  refusedFields?: Record<string, string>
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
      params: spec.params,
      query: spec.query,
      body,
      formEncoded: spec.formEncoded,
      multipart: spec.multipart,
      response: spec.response,
      errors: spec.errors,
      scope: spec.scope,
      bodyLimit: spec.bodyLimit,
      refusedFields: spec.refusedFields,
      resource: /^\/([^/:]+)/.exec(path)?.[1],
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
