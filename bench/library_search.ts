/*
| Library search at scale: 10,000 published decks of 100 notes each (1,000,000
| library notes), seeded with SQL in the benchmark database, then
| GET /api/library/search?query=… against the production build, one request
| at a time, over a mix of queries (exact, misspelled, multi-word, note text):
| median and 95th percentile per query and overall, beside GET /api/health
| measured in the same run as the floor (goal: median < 30 ms,
| p95 < 100 ms), and the EXPLAIN (ANALYZE) of the search statement itself
| (app/queries/library/search_decks.ts) showing the indexes it uses.
|
|   node --import=@poppinss/ts-exec bench/library_search.ts [--decks 10000] [--notes 100] [--runs 20]
|
| Exits 1 when a request fails, or a query that must find decks finds none.
*/
import {
  bootForSeeding,
  ensureBuild,
  flag,
  percentiles,
  resetDatabase,
  startServer,
  table,
} from './support.js'

const deckCount = flag('decks', 10_000)
const notesPerDeck = flag('notes', 100)
const runs = flag('runs', 20)

const SUBJECTS = [
  'Spanish',
  'French',
  'German',
  'Japanese',
  'Italian',
  'Anatomy',
  'Pharmacology',
  'Physiology',
  'Biology',
  'Chemistry',
  'Physics',
  'History',
  'Geography',
  'Python',
  'JavaScript',
  'Databases',
  'USMLE',
  'MCAT',
  'SAT',
  'Economics',
]
const TOPICS = [
  'verbs',
  'vocabulary',
  'grammar',
  'basics',
  'advanced',
  'essentials',
  'terms',
  'review',
  'practice',
  'phrases',
  'nouns',
  'drugs',
  'reactions',
  'formulas',
  'dates',
  'capitals',
  'functions',
  'queries',
  'step one',
  'concepts',
]
/* each deck's notes use a handful of these (and terms of their own), so a word is in some decks, not in all */
const WORDS = [
  'mitochondria',
  'photosynthesis',
  'conjugation',
  'subjunctive',
  'ventricle',
  'antibiotic',
  'isotope',
  'enzyme',
  'revolution',
  'empire',
  'variable',
  'recursion',
  'index',
  'molecule',
  'velocity',
  'inflation',
  'hablar',
  'comer',
  'vivir',
  'bonjour',
  'kanji',
  'hiragana',
  'artery',
  'neuron',
  'glucose',
  'protein',
  'treaty',
  'monarchy',
  'algorithm',
  'closure',
  'promise',
  'integral',
  'derivative',
  'torque',
]

const QUERIES: { query: string; kind: string }[] = [
  { query: 'spanish verbs', kind: 'exact, two words' },
  { query: 'Pharmacology', kind: 'exact, one word' },
  { query: 'spansh verbs', kind: 'misspelled' },
  { query: 'pharmacolgy drugs', kind: 'misspelled' },
  { query: 'japanese grammar essentials', kind: 'multi-word' },
  { query: 'usmle step one review', kind: 'multi-word' },
  { query: 'mitochondria', kind: 'note text' },
  { query: 'subjunctive conjugation', kind: 'note text, two words' },
]

ensureBuild()
await resetDatabase()

/* seeding: plain SQL in this process (the app booted for its database service), before any request */
const seeding = await bootForSeeding()
const { db } = seeding
const { createUser } = await import('#actions/auth/create_user')
const { searchStatement } = await import('#queries/library/search_decks')
const started = performance.now()
const author = await createUser({
  email: 'author@bench.test',
  password: 'bench-password-1',
  provider: 'email',
  name: 'Bench Author',
})
const basic = (await db.from('note_types').whereNull('user_id').where('kind', 'basic').first()).id
const pick = (list: string[], expression: string) =>
  `(ARRAY[${list.map((word) => `'${word}'`).join(',')}])[1 + (${expression}) % ${list.length}]`

await db.rawQuery(
  `INSERT INTO decks (user_id, name, position, created_at, updated_at) SELECT ?, 'Deck ' || i, i, now(), now() ` +
    `FROM generate_series(1, ?) i`,
  [author.id, deckCount]
)
await db.rawQuery('UPDATE decks SET root_deck_id = id WHERE user_id = ?', [author.id])
await db.rawQuery(
  `INSERT INTO public_decks (deck_id, user_id, slug, name, description, status, downloads_count,
    studiers_count, approved_at, created_at, updated_at)
   SELECT d.id, d.user_id, 'deck-' || d.id,
          ${pick(SUBJECTS, 'd.id')} || ' ' || ${pick(TOPICS, 'd.id / 20')} || ' ' || (d.id / 400),
          'Flashcards on ' || ${pick(SUBJECTS, 'd.id')} || ' ' || ${pick(TOPICS, 'd.id / 7')} || ' for learners.',
          'approved', d.id % 500, d.id % 90, now() - (d.id % 100) * interval '1 day', now(), now()
   FROM decks d WHERE d.user_id = ?`,
  [author.id]
)
await db.rawQuery(
  `INSERT INTO deck_revisions (public_deck_id, deck_id, user_id, version, status, name, description,
    created_at, updated_at)
   SELECT id, deck_id, user_id, 1, 'approved', name, description, now(), now() FROM public_decks`
)
await db.rawQuery(
  `INSERT INTO library_notes (revision_id, public_deck_id, guid, note_type_id, fields, sort_text, search_text, position)
   SELECT r.id, r.public_deck_id, md5(r.id || '-' || i), ?,
          jsonb_build_object('Front', w.front, 'Back', w.back), w.front, w.front || ' ' || w.back, i
   FROM deck_revisions r, generate_series(1, ?) i,
        LATERAL (SELECT ${pick(WORDS, 'r.id + (i % 4) * 9')} || ' ' || i AS front,
                        'means term' || ((r.id * 100 + i) % 50000) || ' and ' || ${pick(
                          WORDS,
                          'r.id * 3 + (i % 3)'
                        )} AS back) w`,
  [basic, notesPerDeck]
)
/* approval: the trigger computes each deck's search vector from its revision's notes */
await db.rawQuery(
  `UPDATE public_decks pd SET current_revision_id = r.id, notes_count = ?, cards_count = ? FROM deck_revisions ` +
    `r WHERE r.public_deck_id = pd.id`,
  [notesPerDeck, notesPerDeck]
)
await db.rawQuery('VACUUM ANALYZE public_decks')
await db.rawQuery('VACUUM ANALYZE library_notes')
const seededIn = ((performance.now() - started) / 1000).toFixed(0)

const plans: string[] = []
/*
 * a misspelled query (no full-text match: the trigram arm joins, as the app decides) and an exact one (93
 * full-text matches: full text alone)
 */
for (const [query, typos] of [
  ['spansh verbs', true],
  ['spanish verbs', false],
] as const) {
  const { sql, bindings } = searchStatement(query, 20, 0, typos)
  const { rows } = await db.rawQuery(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, bindings)
  plans.push(
    `EXPLAIN (ANALYZE, BUFFERS) of the search for "${query}":\n${rows.map((row: any) => row['QUERY PLAN']).join('\n')}`
  )
}
await seeding.stop()

const server = await startServer()
const times = new Map<string, number[]>()
const found = new Map<string, { total: number; first: string }>()
const floor: number[] = []
let failed = false
for (let round = 0; round < runs + 2; round++) {
  for (const { query } of QUERIES) {
    const start = performance.now()
    const response = await fetch(
      `${server.base}/api/library/search?query=${encodeURIComponent(query)}`,
      { headers: { accept: 'application/json' } }
    )
    const body = (await response.json()) as { total: number; decks: { name: string }[] }
    const elapsed = performance.now() - start
    if (response.status !== 200) {
      console.error(`[bench] ${query}: ${response.status}`)
      failed = true
      continue
    }
    found.set(query, { total: body.total, first: body.decks[0]?.name ?? '(none)' })
    /* the first two rounds warm the caches */
    if (round >= 2) times.set(query, [...(times.get(query) ?? []), elapsed])
  }
  /* the floor, measured in the same run: the server's lightest JSON answer, no database */
  const start = performance.now()
  await (
    await fetch(`${server.base}/api/health`, { headers: { accept: 'application/json' } })
  ).json()
  if (round >= 2) floor.push(performance.now() - start)
}
await server.stop()

const rows: (string | number)[][] = [
  ['query', 'kind', 'matches', 'first result', 'median ms', 'p95 ms'],
]
for (const { query, kind } of QUERIES) {
  const [median, p95] = percentiles(times.get(query) ?? [0], [0.5, 0.95])
  const result = found.get(query)
  if (!result?.total) failed = true
  rows.push([query, kind, result?.total ?? 0, result?.first ?? '', median, p95])
}
const all = [...times.values()].flat()
const [median, p95] = percentiles(all, [0.5, 0.95])
rows.push(['(all)', '', '', '', median, p95])
rows.push(['GET /api/health', 'floor, same run', '', '', ...percentiles(floor, [0.5, 0.95])])
console.log(
  `\nLibrary search, production build: ${deckCount} published decks × ${notesPerDeck} notes (seeded in ` +
    `${seededIn} s), ${runs} requests per query, one at a time:`
)
console.log(table(rows))
console.log(
  `\ngoal: median < 30 ms, p95 < 100 ms: ${Number(median) < 30 && Number(p95) < 100 ? 'met' : 'NOT met'}\n`
)
console.log(plans.join('\n\n'))
process.exit(failed ? 1 : 0)
