/*
 * Tenancy by construction: every query on a tenant table or view (one whose migration gives it
 * an `organization_id` column) says which organisation it is about, in the statement that runs
 * it, or says why it needs not.
 *
 * A statement (in server code: core's app, config, start, commands, providers; a plugin's src)
 * that names a tenant table — a query-builder call from('t'), table('t'), into('t'), join('t')
 * and its variants, a tenant model's query()/find…, or raw SQL naming it after FROM, JOIN,
 * INTO or UPDATE — passes when it
 * - goes through the kernel's tenant query (`tenantQuery(…)`) or `scoped(…)`/`findScoped(…)`, or
 * - names `organization_id` (or `organizationId` as a column key) itself, or
 * - is preceded by a `// tenancy: <why>` comment, for a query whose rows are already bounded
 *   by a key checked earlier (a child row by its parent's id that was read with its
 *   organisation, a row by a primary key that came from a scoped query) or that is about
 *   every organisation on purpose (a sweep job, a migration of data).
 * Anything else is reported as `path:line: <table> without organization_id`, so forgetting the
 * organisation is a test failure, not a review comment.
 */
import ts from 'typescript'
import type { OwnedSource } from './table_ownership.js'
import { withoutComments } from './table_ownership.js'

const CREATE_TABLE =
  /createTable(?:IfNotExists)?\(\s*['"`]([a-z_][a-z0-9_]*)|CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([a-z_][a-z0-9_]*)|CREATE\s+(?:OR\s+REPLACE\s+)?VIEW\s+"?([a-z_][a-z0-9_]*)/gi
const ADD_ORGANIZATION = /alterTable\(\s*['"`]([a-z_][a-z0-9_]*)['"`][\s\S]{0,400}?organization_id/g
const ALTER_ADD_ORGANIZATION =
  /ALTER\s+TABLE\s+"?([a-z_][a-z0-9_]*)"?\s+ADD\s+(?:COLUMN\s+)?(?:IF\s+NOT\s+EXISTS\s+)?organization_id/gi

/** Tables created with (or later given) an organization_id column, from the migrations. */
export function tenantTables(sources: OwnedSource[]): Set<string> {
  const tables = new Set<string>()
  for (const source of sources.filter((file) => file.migration)) {
    const text = withoutComments(source.text)
    const starts = [...text.matchAll(CREATE_TABLE)].map((match) => ({
      table: (match[1] ?? match[2] ?? match[3]).toLowerCase(),
      index: match.index,
    }))
    starts.forEach((start, i) => {
      const body = text.slice(start.index, starts[i + 1]?.index ?? text.length)
      if (/\borganization_id\b/.test(body)) tables.add(start.table)
    })
    for (const match of text.matchAll(ADD_ORGANIZATION)) tables.add(match[1].toLowerCase())
    for (const match of text.matchAll(ALTER_ADD_ORGANIZATION)) tables.add(match[1].toLowerCase())
  }
  // The organisations table is the tenant itself: a query on it is by its own id.
  tables.delete('organizations')
  return tables
}

const TABLE_CALLS = new Set([
  'from',
  'table',
  'into',
  'join',
  'innerJoin',
  'leftJoin',
  'leftOuterJoin',
  'rightJoin',
  'rightOuterJoin',
  'fullOuterJoin',
  'crossJoin',
  'update',
])
const MODEL_CALLS = new Set([
  'query',
  'find',
  'findOrFail',
  'findBy',
  'findByOrFail',
  'findMany',
  'all',
  'create',
  'createMany',
])
const SQL_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE)\s+(?:ONLY\s+)?"?([a-z_][a-z0-9_]*)/gi
const SCOPED = /\b(tenantQuery|scoped|scopedTo|findScoped)\s*\(|\borganization_id\b|\borganizationId\b/
const JUSTIFIED = /\/\/\s*tenancy:\s*\S/

/** The statement (or class member) a node belongs to: what runs the query, up to its block. */
function statementOf(node: ts.Node): ts.Node {
  let current: ts.Node = node
  while (current.parent) {
    const parent = current.parent
    if (ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isCaseClause(parent) || ts.isClassLike(parent))
      return current
    current = parent
  }
  return current
}

function stringValue(node: ts.Node | undefined): string | null {
  if (!node) return null
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => ' ${} ' + span.literal.text).join('')
  return null
}

/** Classes of a file (and imported default names) that are Lucid models of a tenant table. */
function tenantModels(sources: OwnedSource[], tables: Set<string>): Set<string> {
  const models = new Set<string>()
  for (const source of sources) {
    const match =
      /export\s+default\s+class\s+(\w+)\s+extends\s+BaseModel[\s\S]*?static\s+table\s*=\s*['"`]([a-z_][a-z0-9_]*)/.exec(
        source.text
      )
    if (match && tables.has(match[2])) models.add(match[1])
  }
  return models
}

/**
 * Every statement of server code that reaches a tenant table without saying its organisation,
 * as `path:line: table without organization_id` lines.
 */
export function findUnscopedTenantQueries(sources: OwnedSource[]): string[] {
  const tables = tenantTables(sources)
  const models = tenantModels(sources, tables)
  const problems = new Map<string, string>()
  for (const source of sources) {
    if (source.migration) continue
    const file = ts.createSourceFile(source.path, source.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
    const report = (node: ts.Node, table: string) => {
      const statement = statementOf(node)
      const text = statement.getText(file)
      if (SCOPED.test(text)) return
      const leading = source.text.slice(statement.getFullStart(), statement.getStart(file))
      if (JUSTIFIED.test(leading)) return
      const line = file.getLineAndCharacterOfPosition(statement.getStart(file)).line + 1
      problems.set(`${source.path}:${line}:${table}`, `${source.path}:${line}: ${table} without organization_id`)
    }
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const name = node.expression.name.text
        const target = node.expression.expression
        const first = stringValue(node.arguments[0])
        if (TABLE_CALLS.has(name) && first !== null) {
          const table = first.split(/\s+/)[0].toLowerCase()
          if (tables.has(table)) report(node, table)
        } else if (MODEL_CALLS.has(name) && ts.isIdentifier(target) && models.has(target.text)) {
          report(node, target.text)
        }
        if (name === 'rawQuery' || name === 'raw') {
          const sql = stringValue(node.arguments[0])
          if (sql)
            for (const match of sql.matchAll(SQL_TABLE))
              if (tables.has(match[1].toLowerCase())) report(node, match[1].toLowerCase())
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return [...problems.values()]
}
