/*
 * Import cycles in the server's runtime graph, found with dpdm. Type-only imports are
 * erased first (`transform`): they cost nothing at run time. Dynamic `import()` counts:
 * a cycle dodged with `await import()` is still a cycle.
 */
import { parseCircular, parseDependencyTree } from 'dpdm'

/** Every server module: core (app, config, start, providers, commands, bin) and every plugin's src and migrations. */
export const SERVER_SOURCES = [
  'adonisrc.ts',
  'bin/*.ts',
  'start/**/*.ts',
  'providers/*.ts',
  'config/*.ts',
  'commands/*.ts',
  'database/**/*.ts',
  'app/**/*.ts',
  '../plugins/*/src/**/*.ts',
  '../plugins/*/database/**/*.ts',
]

/**
 * The import cycles among `entries` (globs relative to `root`) and what they import, as
 * `a.ts -> b.ts -> a.ts` lines relative to `root`. `root` is a package folder: its
 * tsconfig.json and package.json `imports` (`#kernel/*`) resolve the specifiers.
 */
export async function importCycles(root: string, entries: string[] = SERVER_SOURCES): Promise<string[]> {
  const tree = await parseDependencyTree(entries, { cwd: root, context: root, transform: true })
  return parseCircular(tree).map((cycle) => {
    // Start each cycle at its first module in alphabetical order, so one cycle reads one way.
    const start = cycle.indexOf([...cycle].sort()[0])
    const rotated = [...cycle.slice(start), ...cycle.slice(0, start)]
    return [...rotated, rotated[0]].join(' -> ')
  })
}
