/*
 * Scopes of API keys and OAuth apps (spec §3, §5): rows of a resource (an ability subject)
 * and its operations, read and/or write. Scopes are required; a resource appears once.
 */
export type Operation = 'read' | 'write'

export interface Scope {
  resource?: string | null
  operations?: Operation[] | null
}

export const OPERATIONS: Operation[] = ['read', 'write']

/** Subjects an OAuth app may never be granted (they need the person's own session). */
export const OAUTH_FORBIDDEN_SUBJECTS = ['api_keys', 'oauth_apps', 'login_as', 'accounts']

export const SCOPE_MESSAGES = {
  required: 'affix.screens.api.scopes.required',
  resourceRequired: 'affix.screens.api.scopes.resource_required',
  resourceUnique: 'affix.screens.api.scopes.resource_unique',
  operationsRequired: 'affix.screens.api.scopes.operations_required',
} as const

export interface ScopeRowErrors {
  resource?: string
  operations?: string
}

/** Per-row problems of a scopes list, and whether the list itself is missing. */
export function checkScopes(scopes: Scope[] | null | undefined): { list?: string; rows: ScopeRowErrors[] } {
  if (!scopes?.length) return { list: SCOPE_MESSAGES.required, rows: [] }
  const counts = new Map<string, number>()
  for (const scope of scopes) {
    const resource = scope?.resource?.trim()
    if (resource) counts.set(resource, (counts.get(resource) ?? 0) + 1)
  }
  const seen = new Set<string>()
  const rows = scopes.map((scope) => {
    const errors: ScopeRowErrors = {}
    const resource = scope?.resource?.trim()
    if (!resource) errors.resource = SCOPE_MESSAGES.resourceRequired
    // The first row keeps the resource; the repeats are the ones to change.
    else if ((counts.get(resource) ?? 0) > 1 && seen.has(resource)) errors.resource = SCOPE_MESSAGES.resourceUnique
    if (resource) seen.add(resource)
    if (!scope?.operations?.length) errors.operations = SCOPE_MESSAGES.operationsRequired
    return errors
  })
  return { rows }
}

/** The scopes as the API wants them: trimmed resources, operations in a stable order. */
export function toScopesPayload(
  scopes: Scope[] | null | undefined
): Array<{ resource: string; operations: Operation[] }> {
  return (scopes ?? []).map((scope) => ({
    resource: (scope.resource ?? '').trim(),
    operations: OPERATIONS.filter((operation) => scope.operations?.includes(operation)),
  }))
}

/** "brands: read, write; reports: read" */
export function describeScopes(
  scopes: Array<{ resource: string; operations: string[] }> | undefined,
  label: (resource: string) => string = (r) => r
) {
  return (scopes ?? []).map((scope) => `${label(scope.resource)}: ${scope.operations.join(', ')}`).join('; ')
}

/** Resources offered in the editor: the caller's own subjects (one can only delegate what one has). */
export function scopeResourceChoices(subjects: string[], forOAuth: boolean): string[] {
  const unique = [...new Set(subjects)].filter((subject) => !forOAuth || !OAUTH_FORBIDDEN_SUBJECTS.includes(subject))
  return unique.sort()
}
