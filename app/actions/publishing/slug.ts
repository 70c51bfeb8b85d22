import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** A URL slug from a deck name: lower-case ASCII words joined by dashes ("deck" when nothing is left). */
export function slugify(name: string) {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '')
  return slug || 'deck'
}

/**
 * The name's slug, or the slug with the first free `-2`, `-3` … suffix: the library page lives at
 * /library/decks/<slug>.
 */
export async function uniqueSlug(name: string, trx: TransactionClientContract) {
  const base = slugify(name)
  /* two first publishes of the same name at once: the second waits and sees the first one's slug */
  await trx.rawQuery('select pg_advisory_xact_lock(4209, hashtext(?))', [base])
  const rows = await trx
    .from('public_decks')
    .where('slug', base)
    .orWhere('slug', 'like', `${base}-%`)
    .select('slug')
  const taken = new Set(rows.map((row) => row.slug as string))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}
