/*
 * Affiliate CSV update (background): each row names an existing affiliate by `id` or
 * `email` and changes the columns it fills; an empty cell leaves the value as it is.
 * With both, `id` names the affiliate and `email` becomes its new address. Rows are
 * checked with the same rules as the import; the good rows of a chunk are written with
 * one UPDATE per table: the panels through the kernel's updatePanels (core's rules, as PATCH: a
 * new status or address ends the panel's sessions or logs it out; a new address also makes the
 * password unusable, the person sets one through "forgot password"), the profiles and payment details
 * with UPDATE … FROM jsonb_to_recordset here. As with PATCH /affiliates/:id, a new `group`
 * moves the affiliate from its previous primary group to that one (refused for a group in use or
 * one it would leave empty) and a new manager_email moves the team assignment to that manager.
 */
import {
  defineImportType,
  listPanels,
  moveManagerAssignments,
  updatePanels,
  type ImportFailure,
  type PanelRowChanges,
} from '@affix/core/kernel'
import {
  AFFILIATE_COLUMNS,
  PAYMENT_FIELDS,
  PAYMENT_TABLE,
  PROFILE_FIELDS,
  PROFILE_TABLE,
  anyGiven,
  groupUsage,
  loadLookups,
  loadMemberships,
  panelValues,
  resolveReferences,
  rowInput,
  updateRowValidator,
  updateRows,
  valuesFor,
  type Lookups,
  type Memberships,
} from './affiliate_import_rows.js'
import { addMemberships, groupInUseError, removeMemberships } from '../groups/membership.js'

interface UpdateState {
  lookups: Lookups
  /** Affiliate id → lower-case e-mail. */
  emailById: Map<number, string>
  /** Lower-case e-mail → id of every panel of the organisation (an address stays unique). */
  panelByEmail: Map<string, number>
  /** Affiliate id → line that already updates it. */
  seen: Map<number, number>
  /** Lower-case external id → the affiliate holding it. */
  externalIds: Map<string, number>
  /** Affiliate id → its manager and its primary group, as rows change them. */
  managerOf: Map<number, number | null>
  primaryOf: Map<number, number | null>
  /** Loaded when the file has a group column. */
  memberships: Memberships | null
  groupInUse: (groupId: number) => Promise<boolean>
}

export const affiliateUpdateImport = defineImportType<UpdateState>({
  pluginId: 'affiliates',
  type: 'affiliate-updates',
  columns: { required: [], optional: ['id', ...AFFILIATE_COLUMNS], anyOf: ['email', 'id'] },
  maxRows: 100_000,
  chunkSize: 2000,
  async prepare(job) {
    const [lookups, panels, profiles] = await Promise.all([
      loadLookups(job),
      listPanels(job.organizationId, { client: job.trx }),
      job.trx
        .from(PROFILE_TABLE)
        .where('organization_id', job.organizationId)
        .select('user_id', 'manager_id', 'group_id', job.trx.raw('lower(external_id) AS external_id')),
    ])
    const externalIds = profiles.filter((row) => row.external_id !== null)
    const idOrNull = (value: unknown) => (value === null ? null : Number(value))
    const affiliates = panels.filter((panel) => panel.role === 'affiliate' && panel.status !== 'deleted')
    return {
      lookups,
      emailById: new Map(affiliates.map((panel) => [panel.id, panel.email.toLowerCase()])),
      panelByEmail: new Map(panels.map((panel) => [panel.email.toLowerCase(), panel.id])),
      seen: new Map(),
      externalIds: new Map(externalIds.map((row) => [row.external_id as string, Number(row.user_id)])),
      managerOf: new Map(profiles.map((row) => [Number(row.user_id), idOrNull(row.manager_id)])),
      primaryOf: new Map(profiles.map((row) => [Number(row.user_id), idOrNull(row.group_id)])),
      // The group lock first, before any profile row this import updates (the group screen's order).
      memberships: job.header.includes('group') ? await loadMemberships(job) : null,
      groupInUse: groupUsage(job.organizationId),
    }
  },
  async processChunk(rows, job, state) {
    const failures: ImportFailure[] = []
    const panels: PanelRowChanges[] = []
    let updated = 0
    const profiles: Array<Record<string, unknown>> = []
    const payments: Array<Record<string, unknown>> = []
    const joins: Array<{ groupId: number; affiliateId: number }> = []
    const leaves: Array<{ groupId: number; affiliateId: number }> = []
    const managerMoves: Array<{ affiliateId: number; previous: number | null; next: number | null }> = []
    for (const row of rows) {
      const checked = await job.check(updateRowValidator, rowInput(row.values), 'affiliate_imports')
      if (!checked.ok) {
        failures.push({ ...row, error: checked.error })
        continue
      }
      const data = checked.data
      const fail = (key: string, values?: Record<string, unknown>) =>
        failures.push({ ...row, error: job.t(`affiliate_imports.${key}`, values) })
      if (data.id === undefined && !data.email) {
        fail('key_required')
        continue
      }
      const id = data.id ?? state.lookups.affiliates.get(data.email!.toLowerCase())
      if (id === undefined || !state.emailById.has(id)) {
        fail('not_found')
        continue
      }
      const earlier = state.seen.get(id)
      if (earlier !== undefined) {
        fail('duplicate_key_in_file', { line: earlier })
        continue
      }
      // With an id, a different e-mail is the new address: it must be free in the organisation.
      const newEmail =
        data.id !== undefined && data.email && data.email.toLowerCase() !== state.emailById.get(id)
          ? data.email
          : undefined
      if (newEmail) {
        const holder = state.panelByEmail.get(newEmail.toLowerCase())
        if (holder !== undefined && holder !== id) {
          fail('email_taken', { email: newEmail })
          continue
        }
      }
      const references = resolveReferences(data, state.lookups, job, state.emailById.get(id))
      if (!references.ok) {
        failures.push({ ...row, error: references.error })
        continue
      }
      const externalId = data.external_id?.toLowerCase()
      const externalHolder = externalId === undefined ? undefined : state.externalIds.get(externalId)
      if (externalHolder !== undefined && externalHolder !== id) {
        fail('external_id_taken', { externalId: data.external_id })
        continue
      }
      const fields: Record<string, unknown> = { ...data, ...references }
      const panelChanges = { ...panelValues(fields), ...(newEmail ? { email: newEmail.toLowerCase() } : {}) }
      const profileValues = valuesFor(PROFILE_FIELDS, fields)
      const paymentValues = valuesFor(PAYMENT_FIELDS, fields)
      if (!Object.keys(panelChanges).length && !anyGiven(profileValues) && !anyGiven(paymentValues)) {
        fail('nothing_to_update')
        continue
      }
      let groupMove: { join: number | null; leave: number | null } | null = null
      if (references.groupId !== undefined) {
        const memberships = state.memberships!
        const previous = state.primaryOf.get(id) ?? null
        const join = memberships.members.has(`${references.groupId}:${id}`) ? null : references.groupId
        const leave =
          previous && previous !== references.groupId && memberships.members.has(`${previous}:${id}`) ? previous : null
        if ((join && (await state.groupInUse(join))) || (leave && (await state.groupInUse(leave)))) {
          failures.push({ ...row, error: job.t(groupInUseError().messageKey) })
          continue
        }
        if (leave && (memberships.liveCount.get(leave) ?? 0) <= 1) {
          failures.push({ ...row, error: job.t('affiliate_groups.errors.needs_affiliate') })
          continue
        }
        groupMove = { join, leave }
      }
      state.seen.set(id, row.line)
      if (groupMove && references.groupId !== undefined) {
        const { members, liveCount } = state.memberships!
        if (groupMove.join) {
          members.add(`${groupMove.join}:${id}`)
          liveCount.set(groupMove.join, (liveCount.get(groupMove.join) ?? 0) + 1)
          joins.push({ groupId: groupMove.join, affiliateId: id })
        }
        if (groupMove.leave) {
          members.delete(`${groupMove.leave}:${id}`)
          liveCount.set(groupMove.leave, liveCount.get(groupMove.leave)! - 1)
          leaves.push({ groupId: groupMove.leave, affiliateId: id })
        }
        state.primaryOf.set(id, references.groupId)
      }
      if (references.managerId !== undefined && references.managerId !== (state.managerOf.get(id) ?? null)) {
        managerMoves.push({ affiliateId: id, previous: state.managerOf.get(id) ?? null, next: references.managerId })
        state.managerOf.set(id, references.managerId)
      }
      if (externalId !== undefined) state.externalIds.set(externalId, id)
      if (newEmail) {
        const previous = state.emailById.get(id)!
        state.panelByEmail.delete(previous)
        state.panelByEmail.set(newEmail.toLowerCase(), id)
        state.lookups.affiliates.delete(previous)
        state.lookups.affiliates.set(newEmail.toLowerCase(), id)
        state.emailById.set(id, newEmail.toLowerCase())
      }
      updated++
      if (Object.keys(panelChanges).length) panels.push({ id, ...panelChanges })
      if (anyGiven(profileValues)) profiles.push({ user_id: id, ...profileValues })
      if (anyGiven(paymentValues)) payments.push({ user_id: id, ...paymentValues })
    }
    await updatePanels(job.trx, job.organizationId, panels, { role: 'affiliate' })
    await updateRows(job.trx, PROFILE_TABLE, PROFILE_FIELDS, job.organizationId, profiles)
    await updateRows(job.trx, PAYMENT_TABLE, PAYMENT_FIELDS, job.organizationId, payments)
    await removeMemberships(job.trx, job.organizationId, leaves)
    await addMemberships(job.trx, job.organizationId, joins)
    await moveManagerAssignments(job.trx, job.organizationId, managerMoves)
    return { imported: updated, failures }
  },
})

/** The sample file of GET /affiliates/import-update/sample. */
export function affiliateUpdateSample() {
  const header = ['id', ...AFFILIATE_COLUMNS]
  const row = (values: Record<string, string>) => header.map((column) => values[column] ?? '').join(',')
  return (
    [
      header.join(','),
      row({ email: 'jane@example.com', status: 'active', tags: 'vip|sports', fee_percent: '12.5' }),
      row({
        id: '42',
        email: 'joao.silva@example.com',
        city: 'Rio de Janeiro',
        payment_method: 'paypal',
        paypal_email: 'joao@example.com',
      }),
    ].join('\n') + '\n'
  )
}
