import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { LOCALES } from '#config/i18n'
import { catalogue } from '#tests/support/catalogue'

/*
 * Every error the server can send has its words in all five languages: the
 * source is read (not run) to find every error key, so an error added
 * anywhere in app/ is covered the day it is written.
 *
 * - `new ApiException(status, code, 'key', { hasBody: true })`: errors.key.title, and .body with hasBody;
 * - helpers that build one from a key they are given (`invalid('key', …)`,
 *   `fileError(…, 'E_X', 'key')`, a table of `{code, key}`): their callers' keys;
 * - the exception handler's own `entry('key', 'E_X', …, hasBody)`;
 * - import failures (`new ImportError('key')` and the keys the import row may hold);
 * - every `errors.key.title|body` the code names;
 * - every rule a validator can fail with (vine's types and rules, the custom
 *   rules' `field.report(…, 'rule')`), under validator.shared.messages.
 */

type Need = { key: string; body: boolean; where: string }

async function sources() {
  const root = app.makePath('app')
  const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.ts')).sort()
  return Promise.all(files.map(async (file) => ({ path: `app/${file}`, text: await readFile(`${root}/${file}`, 'utf8') })))
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
  if (char === '/' && text[i + 1] === '/') return text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i)
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

/** Splits a call's arguments at its top-level commas. */
function splitArgs(args: string) {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < args.length; i++) {
    const skipped = skipNonCode(args, i)
    if (skipped !== i) {
      i = skipped
      continue
    }
    const char = args[i]
    if ('({['.includes(char)) depth++
    if (')}]'.includes(char)) depth--
    if (char === ',' && depth === 0) {
      parts.push(args.slice(start, i).trim())
      start = i + 1
    }
  }
  parts.push(args.slice(start).trim())
  return parts
}

const literal = (expression: string | undefined) => expression?.match(/^'([a-z0-9_]+)'$/)?.[1]

/** The keys an expression may evaluate to: its string literals (not the ones it compares with) and known templates. */
function keysOf(expression: string, templates: Record<string, string[]>, where: string) {
  const keys = [...expression.matchAll(/(?<![=!]==\s*)'([a-z0-9_]+)'(?!\s*[=!]==)/g)].map((match) => match[1])
  for (const [template] of expression.matchAll(/`[^`]*`/g)) {
    const values = templates[template]
    if (!values) throw new Error(`${where}: the key ${template} is built at run time; list what it can be in this test`)
    keys.push(...values)
  }
  return keys
}

async function unionMembers(path: string, pattern: RegExp) {
  const match = (await readFile(app.makePath(path), 'utf8')).match(pattern)
  if (!match) throw new Error(`${path}: ${pattern} not found`)
  return [...match[1].matchAll(/'([a-z0-9_]+)'/g)].map((member) => member[1])
}

/** Every key a refused flag value may carry: the generic one, and the shapes' (a banner's problems under invalid_banners). */
async function flagProblemKeys() {
  const shapes = await readFile(app.makePath('app/services/flag_shapes.ts'), 'utf8')
  const direct = [...shapes.matchAll(/key: '([a-z_.]+)'/g)].map((match) => match[1])
  const banners = [...shapes.matchAll(/\bproblem\('([a-z_]+)'/g)].map((match) => `invalid_banners.${match[1]}`)
  return ['invalid_flag', ...direct, ...banners]
}

async function errorNeeds(): Promise<Need[]> {
  const needs: Need[] = []
  const templates: Record<string, string[]> = {
    /* app/actions/notes/note_content.ts: the problems validateFields reports */
    '`note_${problem.problem}`': (await unionMembers('app/note_types/types.ts', /type FieldProblemKind =([^\n]+)/)).map((kind) => `note_${kind}`),
    /* app/services/remote_flags.ts: a flag value's problem (flagProblem, and the shapes' checks in flag_shapes.ts) */
    'problem.key': await flagProblemKeys(),
  }
  for (const { path, text } of await sources()) {
    /* a table of refusals ({ code: 'E_X', key: 'y' }) or a helper's callers ('E_X', 'y') */
    const pairs = [
      ...text.matchAll(/code:\s*'E_[A-Z0-9_]+',\s*key:\s*'([a-z0-9_]+)'/g),
      ...text.matchAll(/'E_[A-Z0-9_]+',\s*'([a-z0-9_]+)'/g),
    ].map((match) => match[1])

    for (const site of text.matchAll(/new ApiException\(/g)) {
      const open = site.index! + site[0].length - 1
      const args = splitArgs(callArgs(text, open))
      const body = /hasBody:\s*true/.test(args[3] ?? '')
      const key = literal(args[2])
      if (key) {
        needs.push({ key, body, where: path })
        continue
      }
      if (templates[args[2]?.trim()]) {
        for (const listed of templates[args[2].trim()]) needs.push({ key: listed, body, where: path })
        continue
      }
      /* a helper `const name = (…, key, …) => new ApiException(…, key, …)`: what its callers pass */
      const helper = text.slice(0, site.index).match(/const (\w+) = \(([^)]*)\)(?:\s*:[^=]+)?\s*=>\s*$/)
      const position = helper ? helper[2].split(',').map((param) => param.trim().split(/[:=\s]/)[0]).indexOf(args[2]) : -1
      const keys: string[] = []
      if (helper && position >= 0) {
        for (const call of text.matchAll(new RegExp(`\\b${helper[1]}\\(`, 'g'))) {
          if (call.index === text.indexOf(`const ${helper[1]} =`) + 6) continue
          const given = splitArgs(callArgs(text, call.index! + call[0].length - 1))[position]
          if (given) keys.push(...keysOf(given, templates, path))
        }
      } else keys.push(...pairs)
      if (!keys.length) throw new Error(`${path}: new ApiException(${args.join(', ')}) takes a key this test cannot find`)
      for (const found of keys) needs.push({ key: found, body, where: path })
    }

    for (const match of text.matchAll(/['`]errors\.([a-z0-9_]+)\.(title|body)['`]/g)) {
      needs.push({ key: match[1], body: match[2] === 'body', where: path })
    }
    for (const match of text.matchAll(/new ImportError\(\s*'([a-z0-9_]+)'/g)) needs.push({ key: match[1], body: false, where: path })
    for (const line of text.matchAll(/error_key:[^\n]*/g)) {
      for (const found of keysOf(line[0].replace(/^error_key:/, ''), templates, path)) needs.push({ key: found, body: false, where: path })
    }
  }

  /* the exception handler's own: entry('key', 'E_CODE', values, hasBody) */
  const handler = await readFile(app.makePath('app/exceptions/handler.ts'), 'utf8')
  for (const call of handler.matchAll(/\bentry\('/g)) {
    const args = splitArgs(callArgs(handler, call.index! + 'entry'.length))
    needs.push({ key: literal(args[0])!, body: args[3] === 'true', where: 'app/exceptions/handler.ts' })
  }
  /* every reason an import may fail with (app/importers/bundle.ts) */
  for (const key of await unionMembers('app/importers/bundle.ts', /public key:([^\n]+)/)) needs.push({ key, body: false, where: 'app/importers/bundle.ts' })
  return needs
}

/* vine's types and rules, by the method that adds them, and the rule names their failures carry */
const TYPE_RULES: Record<string, string[]> = {
  string: ['string'], number: ['number'], boolean: ['boolean'], enum: ['enum'], object: ['object'], record: ['record'],
  array: ['array'], date: ['date'], union: ['union'], unionOfTypes: ['unionOfTypes'], literal: ['literal'], accepted: ['accepted'],
}
const RULES = new Set([
  'email', 'withoutDecimals', 'range', 'min', 'max', 'positive', 'negative', 'nonNegative', 'nonPositive', 'regex', 'confirmed',
  'sameAs', 'notSameAs', 'url', 'uuid', 'in', 'notIn', 'alpha', 'alphaNumeric', 'startsWith', 'endsWith', 'distinct', 'notEmpty',
  'decimal', 'mobile', 'ipAddress', 'activeUrl', 'hexCode', 'minLength', 'maxLength', 'fixedLength',
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
      for (let next = text.slice(end).match(/^\s*\.(\w+)\(/); next; next = text.slice(end).match(/^\s*\.(\w+)\(/)) {
        const method = next[1]
        if (SIZED.has(method) && (type === 'array' || type === 'record')) rules.add(`${type}.${method}`)
        else if (RULES.has(method)) rules.add(method)
        end += next[0].length - 1
        end += callArgs(text, end).length + 2
      }
    }
    /* rules on helpers' chains (`newPassword().confirmed(…)`) */
    for (const call of text.matchAll(/(?<!Math)\.(\w+)\(/g)) if (RULES.has(call[1]) && !SIZED.has(call[1])) rules.add(call[1])
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
  test('every error key of app/: a title, and a body where it is sent with one', async ({ assert }) => {
    const needs = await errorNeeds()
    assert.isAbove(new Set(needs.map((need) => need.key)).size, 60)
    /* the scan finds the helpers' and tables' keys, not only literal ones */
    for (const key of ['note_required', 'unknown_field', 'unsupported_media', 'export_link_expired', 'import_empty', 'validation', 'server']) {
      assert.include(needs.map((need) => need.key), key)
    }
    for (const locale of LOCALES) {
      const messages = await catalogue(locale)
      for (const need of needs) {
        assertText(assert, messages, `errors.${need.key}.title`, `${locale} (${need.where})`)
        if (need.body) assertText(assert, messages, `errors.${need.key}.body`, `${locale} (${need.where}, sent with a body)`)
      }
    }
  })

  test('every rule a validator can fail with has its message', async ({ assert }) => {
    const rules = await validatorRules()
    for (const rule of ['required', 'string', 'number', 'boolean', 'enum', 'maxLength', 'email', 'confirmed', 'nameTooShort', 'file']) {
      assert.include(rules, rule)
    }
    const english = await catalogue('en')
    const declared = Object.keys(english).filter((key) => key.startsWith('validator.'))
    for (const locale of LOCALES) {
      const messages = await catalogue(locale)
      for (const rule of rules) assertText(assert, messages, `validator.shared.messages.${rule}`, locale)
      for (const key of declared) assertText(assert, messages, key, locale)
    }
  })
})
