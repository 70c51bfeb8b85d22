import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import app from '@adonisjs/core/services/app'

/*
 * What the README and docs/ name must exist: every backticked repository path
 * (`app/…`, `tests/…`, `docs/…`; a path with placeholders such as
 * `app/jobs/<name>.ts` or `resources/lang/{en,de}` must match at least one
 * file), and every relative markdown link, with its #anchor when it has one.
 */
const ROOTS = [
  'app',
  'tests',
  'bin',
  'bench',
  'inertia',
  'start',
  'config',
  'database',
  'resources',
  'docs',
  '.ci',
]
const MORE_ROOTS = ['commands', 'providers', 'public', 'types']
const SKIPPED = new Set(['node_modules', '.git', 'tmp', 'build', '.adonisjs', 'storage'])

async function walk(root: string, folder = ''): Promise<string[]> {
  const entries = await readdir(join(root, folder), { withFileTypes: true })
  const found: string[] = []
  for (const entry of entries) {
    if (SKIPPED.has(entry.name)) continue
    const path = folder ? `${folder}/${entry.name}` : entry.name
    found.push(path)
    if (entry.isDirectory()) found.push(...(await walk(root, path)))
  }
  return found
}

/** Fenced blocks out; inline code spans apart from the prose around them. */
function split(markdown: string) {
  const prose: string[] = []
  const code: string[] = []
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) fenced = !fenced
    else if (!fenced) prose.push(line)
  }
  const text = prose.join('\n').replace(/(`+)([^`][\s\S]*?)\1/g, (_all, _ticks, inner: string) => {
    code.push(inner.trim())
    return ' '
  })
  return { text, code, headings: prose.filter((line) => /^#{1,6} /.test(line)) }
}

/** GitHub's anchor for a heading: lower case, punctuation gone, spaces to hyphens, repeats numbered. */
function anchors(headings: string[]) {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const heading of headings) {
    const slug = heading
      .replace(/^#+ /, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    result.add(count ? `${slug}-${count}` : slug)
  }
  return result
}

function looksLikePath(span: string) {
  const first = span.split('/')[0]
  return span.includes('/') && !/\s/.test(span) && [...ROOTS, ...MORE_ROOTS].includes(first)
}

/** `<name>`, `*` and `{a,b}` become a pattern; a plain path is itself. */
function pattern(path: string): RegExp | null {
  if (!/[<*{]/.test(path)) return null
  const escaped = path
    .replace(/\/$/, '')
    .split(/(<[^>]+>|\*|\{[^}]+\})/)
    .map((part) => {
      if (part.startsWith('<')) return '[^/]+'
      if (part === '*') return '[^/]*'
      if (part.startsWith('{'))
        return `(?:${part
          .slice(1, -1)
          .split(',')
          .map((alt) => alt.replace(/[.+?^$()|[\]\\]/g, '\\$&'))
          .join('|')})`
      return part.replace(/[.+?^$()|[\]\\]/g, '\\$&')
    })
    .join('')
  return new RegExp(`^${escaped}$`)
}

async function documents(root: string) {
  const docs = (await walk(root, 'docs')).filter((path) => path.endsWith('.md'))
  return ['README.md', ...docs.sort()]
}

test.group('Docs name what exists', () => {
  test('every repository path the README and docs/ name exists', async ({ assert }) => {
    const root = app.makePath()
    const files = (
      await Promise.all(
        [...ROOTS, ...MORE_ROOTS]
          .filter((dir) => existsSync(join(root, dir)))
          .map((dir) => walk(root, dir))
      )
    ).flat()
    const missing: string[] = []
    let checked = 0
    for (const document of await documents(root)) {
      const { code } = split(await readFile(join(root, document), 'utf8'))
      for (const span of code.filter(looksLikePath)) {
        const path = span.replace(/[.,;:]$/, '')
        if (path.includes('…')) continue
        checked++
        const matcher = pattern(path)
        const found = matcher
          ? files.some((file) => matcher.test(file))
          : existsSync(join(root, path))
        if (!found) missing.push(`${document}: ${path}`)
      }
    }
    assert.isAbove(checked, 150, 'the docs were read')
    assert.deepEqual(missing, [], 'paths named in the docs that the repository does not have')
  })

  test('every relative link in the README and docs/ leads to a file (and heading) that exists', async ({
    assert,
  }) => {
    const root = app.makePath()
    const broken: string[] = []
    const headingsOf = new Map<string, Set<string>>()
    const anchorsIn = async (path: string) => {
      if (!headingsOf.has(path))
        headingsOf.set(path, anchors(split(await readFile(path, 'utf8')).headings))
      return headingsOf.get(path)!
    }
    let checked = 0
    for (const document of await documents(root)) {
      const { text } = split(await readFile(join(root, document), 'utf8'))
      for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1]
        if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue
        checked++
        const [file, anchor] = target.split('#')
        const path = file ? join(root, dirname(document), file) : join(root, document)
        if (!existsSync(path)) broken.push(`${document}: ${target} (no ${relative(root, path)})`)
        else if (anchor && path.endsWith('.md') && !(await anchorsIn(path)).has(anchor))
          broken.push(`${document}: ${target} (no such heading)`)
      }
    }
    assert.isAbove(checked, 100, 'the links were read')
    assert.deepEqual(broken, [], 'links in the docs that lead nowhere')
  })
})
