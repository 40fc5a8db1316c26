/*
 * One controller for the usual resource of a tenant model: list, show, create, update,
 * delete and CSV export, made of the kernel's own pieces (authorize, scoped, parseList /
 * paginate / list, validate + rejectClearedFields, exportList, notFound, the envelope), so
 * every plugin answers the same statuses and messages the same way. A plugin gives what is
 * its own: which rows the caller may see, how a row is shown, and how a validated request is
 * saved. Routes stay in the plugin's routes file (they are the OpenAPI document):
 *
 *   export default class DeepLinksController extends resourceController({ … }) {}
 *   api.get('/deep-links', { … }, [DeepLinksController, 'index'])
 *
 * What each method does, in order (statuses as every hand-written controller had them):
 * - index:   authorize read → parseList (422 on a bad filter/sort/range) → paginate `query` →
 *            200 with Content-Range `<resource> start-end/total`
 * - show:    authorize read → the row of `query` with the path id (404 otherwise) → 200
 * - store:   authorize manage → `guardChanges` → `beforeValidate` → validate (422) →
 *            `create.save` → `changed` → 201
 * - update:  authorize manage → `guardChanges` → find (404) → `beforeValidate` →
 *            rejectClearedFields(`update.required`) (422) → validate (422) → `update.save` →
 *            `changed` → 200
 * - destroy: authorize manage → `guardChanges` → find (404) → `destroy` → `changed` → 200 `{ id }`
 * - export:  authorize read → exportList over `query` (same filters, search and sort as the list)
 * The class has only the methods whose part is given (no `create`: no `store`).
 */
import type { HttpContext } from '@adonisjs/core/http'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { VineValidator } from '@vinejs/vine'
import { created, list, ok } from './envelope.js'
import { notFound } from './errors.js'
import { exportList, type ExportColumn } from './exports.js'
import { paginate, parseList, type ListOptions } from './list_query.js'
import { authorize, scoped } from './tenancy.js'
import { rejectClearedFields, validate } from './validation.js'

type Row<Model extends LucidModel> = InstanceType<Model>
type Validated<Validator> =
  Validator extends VineValidator<any, any> ? Awaited<ReturnType<Validator['validate']>> : never

export interface ResourceOptions<
  Model extends LucidModel,
  Seen,
  CreateValidator extends VineValidator<any, any>,
  UpdateValidator extends VineValidator<any, any>,
> {
  /** The plugin's id: the namespace of its validation messages, and the owner of its exports. */
  pluginId: string
  /** The ability subject: `read` lists, shows and exports; `manage` creates, updates and deletes (default: pluginId). */
  subject?: string
  /** The list's Content-Range name and the export's (default: subject). */
  resource?: string
  model: Model
  list: ListOptions
  /**
   * What the caller may see, worked out once per request before any row is read (e.g. the
   * affiliates a team member is assigned); handed to `query`, `serialize` and the saves.
   */
  audience?: (ctx: HttpContext) => Promise<Seen>
  /**
   * The rows the caller may see (default: the organisation's, `scoped(ctx, model)`). Lists and
   * exports read it; show, update and delete find their row in it, so a row outside it is 404.
   */
  query?: (ctx: HttpContext, seen: Seen) => ModelQueryBuilderContract<Model>
  /** How rows are shown (default: each row's `serialize()`). */
  serialize?: (ctx: HttpContext, rows: Array<Row<Model>>, seen: Seen) => unknown[] | Promise<unknown[]>
  /**
   * Store, update and delete: right after authorising, before any row is read (e.g. a parent
   * organisation forbids changes: `restricted(…)`).
   */
  guardChanges?: (ctx: HttpContext) => void | Promise<void>
  /**
   * Store and update: just before the body is validated (on update, after the row is found),
   * e.g. `refusePasswordFields` for fields the validator would otherwise silently drop.
   */
  beforeValidate?: (ctx: HttpContext) => void | Promise<void>
  /** POST: `save` checks what the validator cannot and creates the row; what it returns is shown. */
  create?: {
    validator: CreateValidator
    save: (ctx: HttpContext, data: Validated<CreateValidator>, seen: Seen) => Promise<Row<Model>>
  }
  /**
   * PATCH/PUT: `required` fields may be left out but not cleared (null or ""); `save` applies the
   * request to the row and saves it, and may return a fresh copy to show.
   */
  update?: {
    validator: UpdateValidator
    required?: string[]
    save: (
      ctx: HttpContext,
      row: Row<Model>,
      data: Validated<UpdateValidator>,
      seen: Seen
    ) => Promise<Row<Model> | void>
  }
  /** DELETE: removes the row (`row.delete()`, or a soft delete); the answer is `{ id }`. */
  destroy?: (ctx: HttpContext, row: Row<Model>) => Promise<unknown>
  /** After a create, update or delete (e.g. publishInvalidation for the caches of every node). */
  changed?: (ctx: HttpContext, row: Row<Model>) => Promise<unknown>
  /** GET …/export: the list as CSV with these columns, recorded in the caller's downloads. */
  export?: { columns: Array<ExportColumn<Row<Model>>> }
}

type Handler = (ctx: HttpContext) => Promise<unknown>

/*
 * What a resource controller instance has, given which parts its options name. Method
 * signatures (not properties), so a plugin's subclass may override one with a method.
 */
interface Reads {
  index(ctx: HttpContext): Promise<unknown>
  show(ctx: HttpContext): Promise<unknown>
}
interface Creates {
  store(ctx: HttpContext): Promise<unknown>
}
interface Updates {
  update(ctx: HttpContext): Promise<unknown>
}
interface Destroys {
  destroy(ctx: HttpContext): Promise<unknown>
}
interface Exports {
  export(ctx: HttpContext): Promise<unknown>
}
export type ResourceMethods<Options> = Reads &
  (Options extends { create: object } ? Creates : {}) &
  (Options extends { update: object } ? Updates : {}) &
  (Options extends { destroy: (...args: any[]) => unknown } ? Destroys : {}) &
  (Options extends { export: object } ? Exports : {})

/** A controller class for a tenant model's list/show/create/update/delete/export (see above). */
export function resourceController<
  Model extends LucidModel,
  const Options extends ResourceOptions<Model, Seen, CreateValidator, UpdateValidator>,
  Seen = undefined,
  CreateValidator extends VineValidator<any, any> = VineValidator<any, any>,
  UpdateValidator extends VineValidator<any, any> = VineValidator<any, any>,
>(
  options: Options & ResourceOptions<Model, Seen, CreateValidator, UpdateValidator>
): new () => ResourceMethods<Options> {
  const subject = options.subject ?? options.pluginId
  const resource = options.resource ?? subject
  const audience = async (ctx: HttpContext) => (options.audience ? options.audience(ctx) : (undefined as Seen))
  const rowsOf = (ctx: HttpContext, seen: Seen) =>
    options.query ? options.query(ctx, seen) : scoped(ctx, options.model)
  const show = async (ctx: HttpContext, rows: Array<Row<Model>>, seen: Seen) =>
    options.serialize ? options.serialize(ctx, rows, seen) : rows.map((row) => row.serialize())

  /** The row with the path id among those the caller may see, or 404. */
  async function find(ctx: HttpContext, seen: Seen): Promise<Row<Model>> {
    const id = Number(ctx.params.id)
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
    const row = await rowsOf(ctx, seen).where(`${options.model.table}.id`, id).first()
    if (!row) throw notFound()
    return row
  }

  const methods: Record<string, Handler> = {
    async index(ctx) {
      authorize(ctx, subject, 'read')
      const parsed = parseList(ctx, options.list)
      const seen = await audience(ctx)
      const page = await paginate(rowsOf(ctx, seen), parsed, options.list)
      return list(ctx, resource, await show(ctx, page.rows, seen), page)
    },

    async show(ctx) {
      authorize(ctx, subject, 'read')
      const seen = await audience(ctx)
      return ok(ctx, (await show(ctx, [await find(ctx, seen)], seen))[0])
    },
  }
  const { create, update, destroy, changed } = options
  /** Authorises a change and runs the plugin's guard. */
  const mayChange = async (ctx: HttpContext) => {
    authorize(ctx, subject, 'manage')
    await options.guardChanges?.(ctx)
  }
  if (create) {
    methods.store = async (ctx) => {
      await mayChange(ctx)
      await options.beforeValidate?.(ctx)
      const data = await validate(ctx, create.validator, options.pluginId)
      const seen = await audience(ctx)
      const row = await create.save(ctx, data, seen)
      await changed?.(ctx, row)
      return created(ctx, (await show(ctx, [row], seen))[0])
    }
  }
  if (update) {
    methods.update = async (ctx) => {
      await mayChange(ctx)
      const seen = await audience(ctx)
      const row = await find(ctx, seen)
      await options.beforeValidate?.(ctx)
      rejectClearedFields(ctx, update.required ?? [], options.pluginId)
      const data = await validate(ctx, update.validator, options.pluginId)
      const saved = (await update.save(ctx, row, data, seen)) ?? row
      await changed?.(ctx, saved)
      return ok(ctx, (await show(ctx, [saved], seen))[0])
    }
  }
  if (destroy) {
    methods.destroy = async (ctx) => {
      await mayChange(ctx)
      const row = await find(ctx, await audience(ctx))
      await destroy(ctx, row)
      await changed?.(ctx, row)
      return ok(ctx, { id: row.$primaryKeyValue })
    }
  }
  if (options.export) {
    const { columns } = options.export
    methods.export = async (ctx) => {
      authorize(ctx, subject, 'read')
      const query = rowsOf(ctx, await audience(ctx))
      return exportList(ctx, { pluginId: options.pluginId, resource, subject, query, list: options.list, columns })
    }
  }

  // On the prototype, so a plugin's subclass can add methods or override one.
  class ResourceController {}
  Object.assign(ResourceController.prototype, methods)
  return ResourceController as new () => ResourceMethods<Options>
}
