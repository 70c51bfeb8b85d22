import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { LOCALES } from '#config/i18n'
import { catalogue } from '#tests/support/catalogue'
import { ERROR_CATALOGUE, keysOf as messagesOf, type ErrorCode } from '#exceptions/catalogue'

/*
 * Every error the server can send has its words in all five languages:
 *
 * - every message of the error catalogue (app/exceptions/catalogue.ts), each
 *   code's key and its other wordings: errors.key.title, and errors.key.body
 *   in every language or in none (the server sends a body where it has one);
 * - every `errors.key.title|body` the code names;
 * - import failures (`new ImportError('key')` and the keys the import row may hold);
 * - every rule a validator can fail with (vine's types and rules, the custom
 *   rules' `field.report(…, 'rule')`), under validator.shared.messages.
 */

type Need = { key: string; body: boolean; where: string }

async function sources() {
  const root = app.makePath('app')
  const files = (await readdir(root, { recursive: true }))
    .filter((file) => file.endsWith('.ts'))
    .sort()
  return Promise.all(
    files.map(async (file) => ({
      path: `app/${file}`,
      text: await readFile(`${root}/${file}`, 'utf8'),
    }))
  )
}

/**
 * Where the string, template, comment or regular expression starting at `i`
 * ends (its last character), or `i` when none starts there: parentheses and
 * commas inside them are not code.
 */
function skipNonCode(text: string, i: number) {
  const char = text[i]
  if (char === "'" || char === '"' || char === '`') {
    for (i++; i < text.length && text[i] !== char; i++) if (text[i] === '\\') i++
    return i
  }
  if (char === '/' && text[i + 1] === '/')
    return text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i)
  if (char === '/' && text[i + 1] === '*') return text.indexOf('*/', i + 2) + 1
  if (char === '/' && /[(,=:[!&|?{};]\s*$/.test(text.slice(Math.max(0, i - 20), i))) {
    let inClass = false
    for (i++; i < text.length; i++) {
      if (text[i] === '\\') i++
      else if (text[i] === '[') inClass = true
      else if (text[i] === ']') inClass = false
      else if (text[i] === '/' && !inClass) return i
    }
  }
  return i
}

/** The arguments of the call whose `(` is at `open`, up to its matching `)`. */
function callArgs(text: string, open: number) {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    const skipped = skipNonCode(text, i)
    if (skipped !== i) {
      i = skipped
      continue
    }
    const char = text[i]
    if ('({['.includes(char)) depth++
    if (')}]'.includes(char)) depth--
    if (depth === 0) return text.slice(open + 1, i)
  }
  throw new Error(`unbalanced call at ${open}: ${text.slice(open - 40, open + 40)}`)
}

/** The keys an expression may evaluate to: its string literals (not the ones it compares with). */
function keysOf(expression: string) {
  return [...expression.matchAll(/(?<![=!]==\s*)'([a-z0-9_]+)'(?!\s*[=!]==)/g)].map(
    (match) => match[1]
  )
}

async function unionMembers(path: string, pattern: RegExp) {
  const match = (await readFile(app.makePath(path), 'utf8')).match(pattern)
  if (!match) throw new Error(`${path}: ${pattern} not found`)
  return [...match[1].matchAll(/'([a-z0-9_]+)'/g)].map((member) => member[1])
}

/** The messages app/ names outside the catalogue: `errors.key.title|body`, import failures. */
async function namedNeeds(): Promise<Need[]> {
  const needs: Need[] = []
  for (const { path, text } of await sources()) {
    for (const match of text.matchAll(/['`]errors\.([a-z0-9_]+)\.(title|body)['`]/g)) {
      needs.push({ key: match[1], body: match[2] === 'body', where: path })
    }
    for (const match of text.matchAll(/new ImportError\(\s*'([a-z0-9_]+)'/g))
      needs.push({ key: match[1], body: false, where: path })
    for (const line of text.matchAll(/error_key:[^\n]*/g)) {
      for (const found of keysOf(line[0].replace(/^error_key:/, '')))
        needs.push({ key: found, body: false, where: path })
    }
  }
  /* every reason an import may fail with (app/importers/bundle.ts) */
  for (const key of await unionMembers('app/importers/bundle.ts', /public key:([^,]+),/))
    needs.push({ key, body: false, where: 'app/importers/bundle.ts' })
  return needs
}

/* vine's types and rules, by the method that adds them, and the rule names their failures carry */
const TYPE_RULES: Record<string, string[]> = {
  string: ['string'],
  number: ['number'],
  boolean: ['boolean'],
  enum: ['enum'],
  object: ['object'],
  record: ['record'],
  array: ['array'],
  date: ['date'],
  union: ['union'],
  unionOfTypes: ['unionOfTypes'],
  literal: ['literal'],
  accepted: ['accepted'],
}
const RULES = new Set([
  'email',
  'withoutDecimals',
  'range',
  'min',
  'max',
  'positive',
  'negative',
  'nonNegative',
  'nonPositive',
  'regex',
  'confirmed',
  'sameAs',
  'notSameAs',
  'url',
  'uuid',
  'in',
  'notIn',
  'alpha',
  'alphaNumeric',
  'startsWith',
  'endsWith',
  'distinct',
  'notEmpty',
  'decimal',
  'mobile',
  'ipAddress',
  'activeUrl',
  'hexCode',
  'minLength',
  'maxLength',
  'fixedLength',
])
const SIZED = new Set(['minLength', 'maxLength', 'fixedLength'])

async function validatorRules() {
  const rules = new Set(['required'])
  for (const { text } of await sources()) {
    if (!text.includes('vine.')) continue
    for (const root of text.matchAll(/\bvine\.(\w+)\(/g)) {
      const type = root[1]
      for (const rule of TYPE_RULES[type] ?? []) rules.add(rule)
      let end = root.index! + root[0].length - 1
      const args = callArgs(text, end)
      if (type === 'file') {
        rules.add('file')
        if (/\bsize:/.test(args)) rules.add('file.size')
        if (/\bextnames:/.test(args)) rules.add('file.extname')
      }
      /* the chain that follows: array.minLength for an array, minLength for a string */
      end += args.length + 2
      for (
        let next = text.slice(end).match(/^\s*\.(\w+)\(/);
        next;
        next = text.slice(end).match(/^\s*\.(\w+)\(/)
      ) {
        const method = next[1]
        if (SIZED.has(method) && (type === 'array' || type === 'record'))
          rules.add(`${type}.${method}`)
        else if (RULES.has(method)) rules.add(method)
        end += next[0].length - 1
        end += callArgs(text, end).length + 2
      }
    }
    /* rules on helpers' chains (`newPassword().confirmed(…)`) */
    for (const call of text.matchAll(/(?<!Math)\.(\w+)\(/g))
      if (RULES.has(call[1]) && !SIZED.has(call[1])) rules.add(call[1])
    for (const report of text.matchAll(/field\.report\([^,]+,\s*'([\w.]+)'/g)) rules.add(report[1])
  }
  return [...rules].sort()
}

function assertText(assert: any, messages: Record<string, string>, key: string, context: string) {
  const text = messages[key]
  assert.isString(text, `${context}: ${key} is missing`)
  assert.isNotEmpty(text.trim(), `${context}: ${key} is empty`)
  assert.notEqual(text, key, `${context}: ${key} is its own key`)
  assert.notMatch(text, /translation missing/i, `${context}: ${key}`)
  assert.notMatch(text, /^(errors|validator)\.[\w.]+$/, `${context}: ${key} reads as a raw key`)
}

test.group('Every error the server sends has its words in all five languages', () => {
  test('every message of the error catalogue: a title in all five languages, a body in all or in none', async ({
    assert,
  }) => {
    const english = await catalogue('en')
    const keys = Object.keys(ERROR_CATALOGUE).flatMap((code) =>
      messagesOf(code as ErrorCode).map((key) => ({ code, key }))
    )
    assert.isAbove(keys.length, 150)
    for (const locale of LOCALES) {
      const messages = await catalogue(locale)
      for (const { code, key } of keys) {
        assertText(assert, messages, `errors.${key}.title`, `${locale} (${code})`)
        const body = `errors.${key}.body`
        if (body in english)
          assertText(assert, messages, body, `${locale} (${code}, sent with a body)`)
        else
          assert.notProperty(
            messages,
            body,
            `${locale} (${code}): ${body} is in ${locale} but not in en`
          )
      }
    }
  })

  test('every other error message app/ names: a title, and a body where it is named', async ({
    assert,
  }) => {
    const needs = await namedNeeds()
    for (const key of ['social_failed', 'import_corrupt', 'import_too_big'])
      assert.include(
        needs.map((need) => need.key),
        key
      )
    for (const locale of LOCALES) {
      const messages = await catalogue(locale)
      for (const need of needs) {
        assertText(assert, messages, `errors.${need.key}.title`, `${locale} (${need.where})`)
        if (need.body)
          assertText(
            assert,
            messages,
            `errors.${need.key}.body`,
            `${locale} (${need.where}, sent with a body)`
          )
      }
    }
  })

  test('every rule a validator can fail with has its message', async ({ assert }) => {
    const rules = await validatorRules()
    for (const rule of [
      'required',
      'string',
      'number',
      'boolean',
      'enum',
      'maxLength',
      'email',
      'confirmed',
      'nameTooShort',
      'file',
    ]) {
      assert.include(rules, rule)
    }
    const english = await catalogue('en')
    const declared = Object.keys(english).filter((key) => key.startsWith('validator.'))
    for (const locale of LOCALES) {
      const messages = await catalogue(locale)
      for (const rule of rules)
        assertText(assert, messages, `validator.shared.messages.${rule}`, locale)
      for (const key of declared) assertText(assert, messages, key, locale)
    }
  })
})
