/*
 * Affiliate CSV import (background, spec §3 "import"): one row = one new affiliate panel.
 *
 * Rows are checked with the single-create rules; an e-mail already used in the
 * organisation (or earlier in the file) fails that row as a duplicate, so importing the
 * same file twice never duplicates affiliates. The good rows of a chunk are written with
 * one multi-row INSERT per table: the panels through the kernel's addPanels, the profiles and
 * payment details (jsonb_to_recordset) here, so 50,000 rows take seconds.
 * Imported affiliates have no usable password (core's unusable marker; nothing is hashed),
 * whatever panels the address holds elsewhere (a panel never lends its password): each person
 * sets theirs through "forgot password", a link mailed to the address. As with POST /affiliates,
 * an affiliate joins its (primary) group, unless the group is in use, and is assigned to its manager.
 */
import {
  addPanels,
  defineImportType,
  listPanels,
  moveManagerAssignments,
  type ImportFailure,
  type NewPanelRow,
} from '@affix/core/kernel'
import {
  AFFILIATE_COLUMNS,
  PAYMENT_FIELDS,
  PAYMENT_TABLE,
  PROFILE_FIELDS,
  PROFILE_TABLE,
  anyGiven,
  groupUsage,
  importRowValidator,
  insertRows,
  loadLookups,
  panelValues,
  resolveReferences,
  rowInput,
  valuesFor,
  type Lookups,
} from './affiliate_import_rows.js'
import { addMemberships, groupInUseError } from '../groups/membership.js'

interface ImportState {
  lookups: Lookups
  /** Lower-case e-mail → role, for every panel of the organisation. */
  taken: Map<string, string>
  /** Lower-case e-mail → line, for duplicates inside the file. */
  seen: Map<string, number>
  /** Lower-case external ids in use → line of this file (0: already stored). */
  externalIds: Map<string, number>
  groupInUse: (groupId: number) => Promise<boolean>
}

export const affiliateImport = defineImportType<ImportState>({
  pluginId: 'affiliates',
  type: 'affiliates',
  columns: { required: ['email'], optional: AFFILIATE_COLUMNS.filter((column) => column !== 'email') },
  maxRows: 100_000,
  chunkSize: 2000,
  async prepare(job) {
    const [lookups, panels, externalIds] = await Promise.all([
      loadLookups(job),
      listPanels(job.organizationId, { client: job.trx }),
      job.trx
        .from(PROFILE_TABLE)
        .where('organization_id', job.organizationId)
        .whereNotNull('external_id')
        .select(job.trx.raw('lower(external_id) AS external_id')),
    ])
    return {
      lookups,
      taken: new Map(panels.map((panel) => [panel.email.toLowerCase(), panel.role as string])),
      seen: new Map(),
      externalIds: new Map(externalIds.map((row) => [row.external_id as string, 0])),
      groupInUse: groupUsage(job.organizationId),
    }
  },
  async processChunk(rows, job, state) {
    const failures: ImportFailure[] = []
    const accepted: Array<{
      line: number
      values: Record<string, string>
      panel: NewPanelRow
      profile: Record<string, unknown>
      /** Null when the row gives no payment detail (a missing row reads as the defaults). */
      payment: Record<string, unknown> | null
      referrer?: string
    }> = []
    for (const row of rows) {
      const checked = await job.check(importRowValidator, rowInput(row.values), 'affiliate_imports')
      if (!checked.ok) {
        failures.push({ ...row, error: checked.error })
        continue
      }
      const data = checked.data
      const email = data.email.toLowerCase()
      const earlier = state.seen.get(email)
      if (earlier !== undefined) {
        failures.push({
          ...row,
          error: job.t('affiliate_imports.duplicate_in_file', { email: data.email, line: earlier }),
        })
        continue
      }
      const holder = state.taken.get(email)
      if (holder) {
        failures.push({
          ...row,
          error: job.t(holder === 'affiliate' ? 'affiliate_imports.duplicate_email' : 'affiliate_imports.email_taken', {
            email: data.email,
          }),
        })
        continue
      }
      const externalId = data.external_id?.toLowerCase()
      const externalLine = externalId === undefined ? undefined : state.externalIds.get(externalId)
      if (externalLine !== undefined) {
        failures.push({
          ...row,
          error: job.t(externalLine ? 'affiliate_imports.external_id_in_file' : 'affiliate_imports.external_id_taken', {
            externalId: data.external_id,
            line: externalLine,
          }),
        })
        continue
      }
      // A referrer on an earlier line of this chunk gets its id when the chunk is written.
      const referrer = data.referred_by_email?.toLowerCase()
      const referrerInChunk =
        referrer !== undefined &&
        referrer !== email &&
        state.seen.has(referrer) &&
        !state.lookups.affiliates.has(referrer)
      const references = resolveReferences(
        referrerInChunk ? { ...data, referred_by_email: undefined } : data,
        state.lookups,
        job,
        email
      )
      if (!references.ok) {
        failures.push({ ...row, error: references.error })
        continue
      }
      if (references.groupId && (await state.groupInUse(references.groupId))) {
        failures.push({ ...row, error: job.t(groupInUseError().messageKey) })
        continue
      }
      state.seen.set(email, row.line)
      if (externalId !== undefined) state.externalIds.set(externalId, row.line)
      const fields: Record<string, unknown> = { ...data, ...references }
      accepted.push({
        line: row.line,
        values: row.values,
        referrer: referrerInChunk ? referrer : undefined,
        panel: { ...panelValues(fields), email, role: 'affiliate', status: data.status ?? 'active' },
        profile: { organization_id: job.organizationId, ...valuesFor(PROFILE_FIELDS, fields) },
        payment: anyGiven(valuesFor(PAYMENT_FIELDS, fields))
          ? { organization_id: job.organizationId, ...valuesFor(PAYMENT_FIELDS, fields) }
          : null,
      })
    }
    if (!accepted.length) return { imported: 0, failures }

    // An address taken meanwhile (a concurrent import of it) is not added: that row fails below.
    const idByEmail = await addPanels(
      job.trx,
      job.organizationId,
      accepted.map((entry) => entry.panel)
    )
    const profiles: Array<Record<string, unknown> & { user_id: number }> = []
    const payments = []
    for (const entry of accepted) {
      const email = entry.panel.email
      const id = idByEmail.get(email)
      state.taken.set(email, 'affiliate')
      if (!id) {
        failures.push({
          line: entry.line,
          values: entry.values,
          error: job.t('affiliate_imports.duplicate_email', { email }),
        })
        continue
      }
      // Later rows of the file may be referred by this one.
      state.lookups.affiliates.set(email, id)
      profiles.push({
        ...entry.profile,
        user_id: id,
        ...(entry.referrer ? { referred_by: idByEmail.get(entry.referrer) ?? null } : {}),
      })
      if (entry.payment) payments.push({ ...entry.payment, user_id: id })
    }
    await insertRows(job.trx, PROFILE_TABLE, PROFILE_FIELDS, profiles)
    await insertRows(job.trx, PAYMENT_TABLE, PAYMENT_FIELDS, payments)
    await addMemberships(
      job.trx,
      job.organizationId,
      profiles
        .filter((profile) => profile.group_id)
        .map((profile) => ({ groupId: Number(profile.group_id), affiliateId: profile.user_id }))
    )
    await moveManagerAssignments(
      job.trx,
      job.organizationId,
      profiles
        .filter((profile) => profile.manager_id)
        .map((profile) => ({ affiliateId: profile.user_id, previous: null, next: Number(profile.manager_id) }))
    )
    return { imported: profiles.length, failures }
  },
})

/** The sample file of GET /affiliates/import/sample. */
export function affiliateImportSample() {
  return (
    [
      AFFILIATE_COLUMNS.join(','),
      'jane@example.com,Jane Doe,active,+44 20 7946 0958,jane.doe,vip|casino,Jane Media Ltd,GB,London,London,1 High Street,EC1A 1BB,GB123456789,GBP,ext-1001,,,,10,yes,yes,bank,Barclays,Jane Doe,12345678,BARCGB22,,,,,,',
      'joao@example.com,João Silva,pending,+55 11 91234-5678,,sports,,BR,SP,São Paulo,Rua A 10,01000-000,,BRL,ext-1002,,,jane@example.com,,no,yes,cpf,,,,,,,,123.456.789-09,,',
    ].join('\n') + '\n'
  )
}
