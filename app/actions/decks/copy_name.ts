import i18nManager from '@adonisjs/i18n/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/* decks.name is a varchar(255) */
const MAX_NAME = 255

type Format = (base: string, number: string) => string

function formatFor(locale: string): Format {
  const i18n = i18nManager.locale(locale)
  return (base, number) =>
    number === '1'
      ? i18n.t('ui.decks.duplicate.copy_name', { name: base })
      : i18n.t('ui.decks.duplicate.copy_name_numbered', { name: base, number })
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** "Spanish (copy 2)" copied again is another copy of "Spanish", not "Spanish (copy 2) (copy)". */
function originalOf(name: string, format: Format) {
  const [before, after] = format('\u0000', '1').split('\u0000')
  const numbered = format('\u0000', '\u0001')
  const [head, rest] = numbered.split('\u0000')
  const [middle, tail] = rest.split('\u0001')
  for (const pattern of [
    new RegExp(`^${escape(before)}(.+?)${escape(after)}$`, 'u'),
    new RegExp(`^${escape(head)}(.+?)${escape(middle)}\\d+${escape(tail)}$`, 'u'),
  ]) {
    const match = name.match(pattern)
    if (match) return match[1]
  }
  return name
}

/**
 * The name of a copy, in the learner's language, that no deck beside it
 * has (case aside): "Spanish (copy)", then "Spanish (copy 2)", "(copy 3)"…
 * A long name is shortened so the suffix still fits.
 */
export function copyNameFor(name: string, taken: Iterable<string>, locale: string) {
  const format = formatFor(locale)
  const base = originalOf(name, format)
  const used = new Set([...taken].map((other) => other.toLocaleLowerCase(locale)))
  for (let number = 1; ; number++) {
    let candidate = format(base, String(number))
    if (candidate.length > MAX_NAME)
      candidate = format(
        base.slice(0, base.length - (candidate.length - MAX_NAME)).trimEnd(),
        String(number)
      )
    if (!used.has(candidate.toLocaleLowerCase(locale))) return candidate
  }
}

/** The names of the decks a copy lands beside: the learner's main decks, or the destination's subdecks. */
export async function namesBeside(
  userId: number,
  parentId: number | null,
  trx: TransactionClientContract
) {
  const query = trx.from('decks').where('user_id', userId).select('name')
  if (parentId) query.where('parent_id', parentId)
  else query.whereNull('parent_id')
  const rows = await query
  return rows.map((row: { name: string }) => row.name)
}
