/*
 * One owner per table (core or one plugin). The owner of a table (or view) is the one whose
 * migration creates it; nobody else's code may name it. Other owners read it through the
 * owner's `contracts` or a kernel reader, and write it through the owner's functions.
 *
 * What counts as naming a table, in code with its comments removed:
 * - knex/Lucid calls: from('t'), table('t'), into('t'), join('t') and its variants,
 *   alterTable('t'), createTable('t'), dropTable('t'), renameTable('t'), hasTable('t');
 * - a Lucid model's `static table = 't'` and `table: 't'` in an object (list `via` filters,
 *   VineJS exists/unique rules);
 * - raw SQL: FROM t, JOIN t, INTO t, UPDATE t, TABLE t, and REFERENCES t.
 * A foreign key (inTable('t') / REFERENCES t) may point at a table of core or of a plugin the
 * owner depends on (manifest `dependsOn`): it names an id, not data. Every plugin's Lucid model
 * must say its table (`static table`), so an inferred name cannot hide one.
 * A view core's migrations create (`panels`) is a kernel reader: anyone may read it (from(),
 * join(), FROM, JOIN, `table:` of a list filter or rule, a view built on it), nobody else may
 * write it (table(), into(), a model's table, INTO, UPDATE, TABLE, alterTable()…); the
 * database refuses writes to it too.
 * Core's own code is checked too: it may not name a plugin's table.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

export interface OwnedSource {
  /** 'core' or a plugin id. */
  owner: string
  /** Path shown in messages. */
  path: string
  text: string
  migration: boolean
}

const SOURCE = /\.(ts|tsx|js|mjs)$/
const IDENT = '"?([a-z_][a-z0-9_]*)"?'
const CREATES = new RegExp(
  [
    `createTable(?:IfNotExists)?\\(\\s*['"\`]([a-z_][a-z0-9_]*)`,
    `CREATE\\s+(?:UNLOGGED\\s+)?TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?${IDENT}`,
    `CREATE\\s+(?:OR\\s+REPLACE\\s+)?(?:MATERIALIZED\\s+)?VIEW\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?${IDENT}`,
  ].join('|'),
  'gi'
)
const CALL =
  /\b(from|table|into|join|innerJoin|leftJoin|leftOuterJoin|rightJoin|rightOuterJoin|fullOuterJoin|crossJoin|alterTable|createTable|createTableIfNotExists|dropTable|dropTableIfExists|renameTable|hasTable|inTable)\(\s*['"`]([a-z_][a-z0-9_]*)/g
const MODEL_TABLE = /static\s+table\s*=\s*['"`]([a-z_][a-z0-9_]*)/g
const TABLE_PROPERTY = /\btable\s*:\s*['"`]([a-z_][a-z0-9_]*)/g
const SQL = new RegExp(
  `\\b(FROM|JOIN|INTO|UPDATE|TABLE|REFERENCES)\\s+(?:ONLY\\s+|IF\\s+(?:NOT\\s+)?EXISTS\\s+)?${IDENT}`,
  'gi'
)

/** Drops comments (block and line), keeping line numbers and `//` inside strings such as URLs. */
export function withoutComments(text: string) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

function* sourceFiles(dir: string): Generator<string> {
  if (!existsSync(dir)) return
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) yield* sourceFiles(path)
    else if (SOURCE.test(entry)) yield path
  }
}

/**
 * The server code of core and of every plugin folder, tests excluded (a test may look at any
 * row it needs to assert on): core's app, config, start and commands; a plugin's src; the
 * migrations of both.
 */
export function serverSources(repoRoot: string): OwnedSource[] {
  const read = (owner: string, dir: string, migration: boolean) =>
    [...sourceFiles(dir)].map((file) => ({
      owner,
      path: relative(repoRoot, file).split(sep).join('/'),
      text: readFileSync(file, 'utf8'),
      migration,
    }))
  const core = join(repoRoot, 'core')
  const sources = [
    ...read('core', join(core, 'database/migrations'), true),
    ...read('core', join(core, 'database/migrations_after_plugins'), true),
    ...['app', 'config', 'start', 'commands', 'providers'].flatMap((dir) => read('core', join(core, dir), false)),
  ]
  const pluginsDir = join(repoRoot, 'plugins')
  for (const id of readdirSync(pluginsDir)) {
    if (!statSync(join(pluginsDir, id)).isDirectory()) continue
    sources.push(...read(id, join(pluginsDir, id, 'database/migrations'), true))
    sources.push(...read(id, join(pluginsDir, id, 'src'), false))
  }
  return sources
}

/** The plugins each plugin depends on, read from its manifest (`dependsOn: [...]`). */
export function pluginDependencies(repoRoot: string): Record<string, string[]> {
  const pluginsDir = join(repoRoot, 'plugins')
  const dependencies: Record<string, string[]> = {}
  for (const id of readdirSync(pluginsDir)) {
    const manifest = join(pluginsDir, id, 'src/plugin.ts')
    if (!existsSync(manifest)) continue
    const list = /dependsOn\s*:\s*\[([^\]]*)\]/.exec(readFileSync(manifest, 'utf8'))?.[1] ?? ''
    dependencies[id] = [...list.matchAll(/['"`]([^'"`]+)['"`]/g)].map((match) => match[1])
  }
  return dependencies
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length

/**
 * Table → owner, from the migrations; a table two owners create is reported. `views` are the
 * views among them (created with CREATE VIEW).
 */
export function tableOwners(sources: OwnedSource[]) {
  const owners = new Map<string, string>()
  const views = new Set<string>()
  const problems: string[] = []
  for (const source of sources.filter((file) => file.migration)) {
    const text = withoutComments(source.text)
    for (const match of text.matchAll(CREATES)) {
      const table = (match[1] ?? match[2] ?? match[3]).toLowerCase()
      const known = owners.get(table)
      if (known && known !== source.owner)
        problems.push(`${source.path}:${lineOf(text, match.index)}: ${table} is created by ${known} already`)
      else owners.set(table, source.owner)
      if (match[3]) views.add(table)
    }
  }
  return { owners, views, problems }
}

/** How a match names a table: for its data (read or write), or for an id (a foreign key). */
type Naming = 'read' | 'write' | 'reference'

const READ_CALLS = new Set([
  'from',
  'join',
  'innerJoin',
  'leftJoin',
  'leftOuterJoin',
  'rightJoin',
  'rightOuterJoin',
  'fullOuterJoin',
  'crossJoin',
])

/**
 * Every place where an owner's code names a table it does not own (or a table two owners
 * create, or a model without `static table`), as `path:line: message` lines.
 */
export function findTableOwnershipViolations(sources: OwnedSource[], dependsOn: Record<string, string[]>): string[] {
  const { owners, views, problems } = tableOwners(sources)
  const violations = [...problems]
  for (const source of sources) {
    const text = withoutComments(source.text)
    const found = new Map<string, string>()
    const check = (name: string, index: number, naming: Naming) => {
      const table = name.toLowerCase()
      const owner = owners.get(table)
      if (!owner || owner === source.owner) return
      if (naming === 'reference' && (owner === 'core' || (dependsOn[source.owner] ?? []).includes(owner))) return
      const kernelReader = owner === 'core' && views.has(table)
      if (kernelReader && naming === 'read') return
      const where = `${source.path}:${lineOf(text, index)}`
      found.set(
        `${where}:${table}`,
        kernelReader
          ? `${where}: writes ${table}, a read-only view of core`
          : `${where}: names ${table}, a table of ${owner}`
      )
    }
    const callNaming = (call: string): Naming =>
      call === 'inTable' ? 'reference' : READ_CALLS.has(call) ? 'read' : 'write'
    const sqlNaming = (keyword: string): Naming =>
      keyword === 'REFERENCES' ? 'reference' : keyword === 'FROM' || keyword === 'JOIN' ? 'read' : 'write'
    for (const match of text.matchAll(CALL)) check(match[2], match.index, callNaming(match[1]))
    for (const match of text.matchAll(MODEL_TABLE)) check(match[1], match.index, 'write')
    for (const match of text.matchAll(TABLE_PROPERTY)) check(match[1], match.index, 'read')
    for (const match of text.matchAll(SQL)) check(match[2], match.index, sqlNaming(match[1].toUpperCase()))
    if (source.owner !== 'core' && /\bextends\s+BaseModel\b/.test(text) && !/static\s+table\s*=/.test(text))
      found.set(source.path, `${source.path}: a Lucid model must name its table (static table = '…')`)
    violations.push(...found.values())
  }
  return violations
}
