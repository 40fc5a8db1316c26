import type { HttpContext } from '@adonisjs/core/http'
import {
  authorize,
  created,
  findPanels,
  list,
  notFound,
  ok,
  paginate,
  parseList,
  scoped,
  validate,
} from '@affix/core/kernel'
import AffiliateNote from '../models/affiliate_note.js'
import { NOTE_LIST } from '../lists.js'
import { findAffiliate } from '../services/affiliates.js'
import { noteValidator } from '../validators.js'

async function present(notes: AffiliateNote[]) {
  const authors = await findPanels(notes.map((note) => note.authorId ?? 0))
  const names = new Map([...authors.values()].map((panel) => [panel.id, panel.name ?? panel.email]))
  return notes.map((note) => ({
    id: note.id,
    affiliateId: note.affiliateId,
    body: note.body,
    authorId: note.authorId ?? null,
    authorName: note.authorId ? (names.get(note.authorId) ?? null) : null,
    createdAt: note.createdAt?.toISO() ?? null,
  }))
}

/** Internal notes on an affiliate (admin side only; the affiliate never sees them). */
export default class NotesController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'read')
    const affiliate = await findAffiliate(ctx)
    const parsed = parseList(ctx, NOTE_LIST)
    const page = await paginate(scoped(ctx, AffiliateNote).where('affiliate_id', affiliate.id), parsed, NOTE_LIST)
    return list(ctx, 'notes', await present(page.rows), page)
  }

  async store(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'manage')
    const affiliate = await findAffiliate(ctx)
    const { body } = await validate(ctx, noteValidator, 'affiliates')
    const note = await AffiliateNote.create({
      organizationId: ctx.tenant.organizationId,
      affiliateId: affiliate.id,
      authorId: ctx.tenant.userId,
      body,
    })
    return created(ctx, (await present([note]))[0])
  }

  async destroy(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'manage')
    const affiliate = await findAffiliate(ctx)
    const noteId = Number(ctx.params.noteId)
    if (!Number.isSafeInteger(noteId) || noteId <= 0) throw notFound()
    const deleted = await scoped(ctx, AffiliateNote).where({ id: noteId, affiliate_id: affiliate.id }).delete()
    if (!Number(Array.isArray(deleted) ? deleted[0] : deleted)) throw notFound()
    return ok(ctx, { id: noteId })
  }
}
