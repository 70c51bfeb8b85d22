import { test } from '@japa/runner'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import app from '@adonisjs/core/services/app'
import { messagesAreaOf, messagesAreasOf } from '#services/client_messages'
import { catalogue } from '#tests/support/catalogue'

/*
 * Decision 0097: a page loads the parts of the catalogue its component's
 * name gives (app/services/client_messages.ts). A key missing from them
 * would show as `ui.…` on the page: every key a page can reach, through its
 * own code, the layout and everything they import (lazy chunks included),
 * must be in one of its parts.
 */
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g
/* a quoted key, or the fixed start of a template one (`stats.${kind}`) */
const KEY = /(['"`])([a-z_]+(?:\.[a-z0-9_]+)+\.?)(\$\{|\1)/g

function resolveImport(from: string, spec: string) {
  let base: string
  if (spec.startsWith('~/')) base = app.makePath('inertia', spec.slice(2))
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec)
  else return null
  base = base.replace(/\.js$/, '')
  return (
    [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`].find(
      (file) => existsSync(file) && statSync(file).isFile() && /\.tsx?$/.test(file)
    ) ?? null
  )
}

/** `file` and every module of inertia/ it imports, statically or lazily. */
function reach(file: string, seen = new Set<string>()) {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const found = resolveImport(file, match[1] ?? match[2])
    if (found) reach(found, seen)
  }
  return seen
}

/** The catalogue's keys (`ui.` left off) that `files` name, whole or by a template's fixed start. */
function keysIn(files: Set<string>, keys: string[]) {
  const known = new Set(keys)
  const used = new Set<string>()
  for (const file of files)
    for (const [, , key, end] of readFileSync(file, 'utf8').matchAll(KEY)) {
      if (end === '${') keys.filter((k) => k.startsWith(key)).forEach((k) => used.add(k))
      else if (known.has(key)) used.add(key)
    }
  return used
}

test.group("The pages' translations in parts", () => {
  test('every key a page can show is in a part the page loads', async ({ assert }) => {
    const keys = Object.keys(await catalogue('en'))
      .filter((key) => key.startsWith('ui.'))
      .map((key) => key.slice(3))
    const pagesDir = app.makePath('inertia', 'pages')
    const layout = reach(app.makePath('inertia', 'layouts', 'app_layout.tsx'))
    const pages = readdirSync(pagesDir, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.tsx'))
    assert.isAbove(pages.length, 40)
    const missing: string[] = []
    for (const page of pages) {
      const component = page.replace(/\.tsx$/, '')
      const areas = messagesAreasOf(component)
      const files = reach(resolve(pagesDir, page), new Set(layout))
      for (const key of keysIn(files, keys))
        if (!areas.includes(messagesAreaOf(key)))
          missing.push(`${component}: ui.${key} (${messagesAreaOf(key)})`)
    }
    assert.deepEqual(missing, [])
  })

  test('the sign-in page loads the common part and the account pages', ({ assert }) => {
    assert.deepEqual(messagesAreasOf('auth/sign_in'), ['common', 'auth'])
    assert.equal(messagesAreaOf('auth.sign_in'), 'common')
    assert.equal(messagesAreaOf('auth.sign_in_title'), 'auth')
    assert.equal(messagesAreaOf('learn.toasts.leech_title'), 'study')
    assert.equal(messagesAreaOf('imports.title'), 'app')
    /* the study page loads its own part only; a page no entry names loads the learner's app */
    assert.deepEqual(messagesAreasOf('learning/session'), ['common', 'study'])
    assert.deepEqual(messagesAreasOf('home'), ['common', 'study', 'app'])
  })
})
