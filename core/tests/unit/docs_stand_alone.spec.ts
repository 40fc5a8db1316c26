/*
 * The project's docs stand on their own: a reader of the repository has the README, docs/
 * and the packages' READMEs, nothing else. So every relative link must name a file or
 * folder inside the repository that exists, no link may point at the local file system, and
 * no text may cite sections of documents the repository does not contain (the product
 * specification, "spec §6"; its architecture or commission notes, "ARCHITECTURE §4",
 * "COMMISSIONS §3"): a doc states the rule itself. Web links (http, https, mailto) are fine.
 */
import { test } from '@japa/runner'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'

const REPO = resolve(import.meta.dirname, '../../..')

/** README.md, docs/*.md and each workspace's README.md (never node_modules). */
function docFiles(): string[] {
  const files = ['README.md', ...readdirSync(join(REPO, 'docs')).map((name) => `docs/${name}`)]
  for (const workspace of ['core', 'admin-ui', 'sdk', 'cli', 'openapi']) files.push(`${workspace}/README.md`)
  for (const plugin of readdirSync(join(REPO, 'plugins'))) files.push(`plugins/${plugin}/README.md`)
  return files.filter((file) => file.endsWith('.md') && existsSync(join(REPO, file)))
}

/** Citations of documents outside the repository. */
const FOREIGN_CITATION = /(?<![\w/.-])(spec|specification|architecture|commissions)(\.md)?\s*(§|section\s+\d)/gi
/** The folder the project was built in, and the specification folder beside the repository. */
const FOREIGN_PATH = /(^|[\s(`'"])(\/work\/|\.\.\/shared\b)/g

/**
 * What keeps a doc from standing alone, as "file:line: problem". `exists` answers whether a
 * path inside the repository exists (the file system, or a stand-in in the self-test).
 */
export function docProblems(files: Record<string, string>, exists: (repoPath: string) => boolean): string[] {
  const problems: string[] = []
  for (const [file, text] of Object.entries(files)) {
    // Code blocks show commands and output, not links: leave them out.
    const lines = text.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, '')).split('\n')
    lines.forEach((line, index) => {
      const where = `${file}:${index + 1}`
      for (const match of line.matchAll(FOREIGN_CITATION))
        problems.push(`${where}: cites "${match[0]}", a document the repository does not have`)
      for (const match of line.matchAll(FOREIGN_PATH))
        problems.push(`${where}: names "${match[2]}", a path outside the repository`)
      for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = match[1]
        if (/^(https?:|mailto:)/i.test(target) || target.startsWith('#')) continue
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || isAbsolute(target)) {
          problems.push(`${where}: links to ${target}, outside the repository`)
          continue
        }
        const path = decodeURIComponent(target.split('#')[0])
        const inRepo = relative(REPO, resolve(REPO, dirname(file), path))
        if (inRepo.startsWith('..') || isAbsolute(inRepo))
          problems.push(`${where}: links to ${target}, outside the repository`)
        else if (!exists(inRepo.split(sep).join('/')))
          problems.push(`${where}: links to ${target}, which does not exist`)
      }
    })
  }
  return problems
}

test.group('docs stand on their own', () => {
  test('no link leaves the repository or is broken, and no doc cites a document it does not have', ({ assert }) => {
    const files = Object.fromEntries(docFiles().map((file) => [file, readFileSync(join(REPO, file), 'utf8')]))
    assert.isAbove(Object.keys(files).length, 10)
    assert.deepEqual(
      docProblems(files, (path) => existsSync(join(REPO, path))),
      []
    )
  })

  test('the check catches foreign links, broken links and citations of the specification', ({ assert }) => {
    const problems = docProblems(
      {
        'README.md': [
          'See [the spec](../shared/spec.md) and [money rules](/work/shared/COMMISSIONS.md).',
          'Read [local](file:///tmp/x.md), [fine](docs/api.md), [web](https://example.com) and [here](#top).',
          'Missing [page](docs/nope.md). Permissions (spec §6), ARCHITECTURE §4 and COMMISSIONS §3.',
          '```',
          'cat ../shared/spec.md # a command in a code block is no link',
          '```',
        ].join('\n'),
        'docs/api.md': 'Back to [the README](../README.md) and [up](../../outside.md); see docs/commissions.md §3.',
      },
      (path) => ['docs/api.md', 'README.md'].includes(path)
    )
    assert.deepEqual(problems, [
      'README.md:1: names "../shared", a path outside the repository',
      'README.md:1: names "/work/", a path outside the repository',
      'README.md:1: links to ../shared/spec.md, outside the repository',
      'README.md:1: links to /work/shared/COMMISSIONS.md, outside the repository',
      'README.md:2: links to file:///tmp/x.md, outside the repository',
      'README.md:3: cites "spec §", a document the repository does not have',
      'README.md:3: cites "ARCHITECTURE §", a document the repository does not have',
      'README.md:3: cites "COMMISSIONS §", a document the repository does not have',
      'README.md:3: links to docs/nope.md, which does not exist',
      'docs/api.md:1: links to ../../outside.md, outside the repository',
    ])
  })
})
