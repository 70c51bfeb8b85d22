import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { buildAnkiPackage } from '#tests/support/anki_builder'
import { MAX_DECK_DEPTH } from '#actions/decks/deck_depth'
import { signIn } from '#tests/support/content'
import { importFile } from './support.js'

/*
 * An Anki package whose decks nest 60 levels deep ("L1::L2::…::L60", a note
 * in each), built here and imported through the worker: nothing fails, no
 * deck lies below level 20, the decks below it are written at level 20
 * named by their levels from there ("L20::L21::…"), each with its own note,
 * and the import says how many. A text file's Deck column takes the same
 * path through the writer (bundle_decks.ts), as .ofc bundles do.
 */
const DEPTH = 60

const names = (level: number) => Array.from({ length: level }, (_, index) => `L${index + 1}`)

test.group('Imports: a tree deeper than the limit', (group) => {
  let scratch: string
  group.each.setup(async () => {
    await resetState()
    scratch = await mkdtemp(join(tmpdir(), 'deep-tree-'))
    return () => rm(scratch, { recursive: true, force: true })
  })

  test('a 60-level Anki package imports with its tree cut at level 20 and every note in place', async ({
    client,
    assert,
  }) => {
    const levels = Array.from({ length: DEPTH }, (_, index) => index + 1)
    const path = await buildAnkiPackage({
      format: 'anki21b',
      outPath: join(scratch, 'deep.apkg'),
      noteTypes: [
        {
          id: 1,
          name: 'Basic',
          fields: ['Front', 'Back'],
          templates: [{ name: 'Card 1', front: '{{Front}}', back: '{{Back}}' }],
        },
      ],
      decks: levels.map((level) => ({ id: 1000 + level, name: names(level).join('::') })),
      notes: levels.map((level) => ({
        id: 5000 + level,
        guid: `deep-${level}`,
        noteTypeId: 1,
        fields: [`front ${level}`, `back ${level}`],
      })),
      cards: levels.map((level) => ({
        id: 9000 + level,
        noteId: 5000 + level,
        deckId: 1000 + level,
        ord: 0,
      })),
    })
    const { user, token } = await signIn()
    const done = await importFile(client, token, path, 'deep.apkg')
    assert.equal(done.status, 'done', JSON.stringify(done))
    assert.equal(done.counts.notes, DEPTH)
    assert.equal(done.counts.decks, DEPTH - 1, "L1 is the import's own deck")
    assert.equal(done.counts.flattened, DEPTH - MAX_DECK_DEPTH)
    assert.deepInclude(done.warnings, {
      message: `too_deep:${MAX_DECK_DEPTH}:${DEPTH - MAX_DECK_DEPTH}`,
    })

    /* every deck's level, from the rows */
    const decks: { id: number; parent_id: number | null; name: string }[] = await db
      .from('decks')
      .where('user_id', user.id)
      .select('id', 'parent_id', 'name')
    assert.lengthOf(decks, DEPTH)
    const byId = new Map(decks.map((deck) => [deck.id, deck]))
    const levelOf = (id: number): number =>
      byId.get(id)!.parent_id === null ? 1 : 1 + levelOf(byId.get(id)!.parent_id!)
    assert.equal(Math.max(...decks.map((deck) => levelOf(deck.id))), MAX_DECK_DEPTH)

    /* each note in its own deck: L1…L20 as they were, L21… at level 20 under L19, named from L20 down */
    const notes: { fields: Record<string, string>; deck_id: number }[] = await db
      .from('notes')
      .where('user_id', user.id)
      .select('fields', 'deck_id')
    assert.lengthOf(notes, DEPTH)
    const l19 = decks.find((deck) => deck.name === 'L19')!
    for (const level of levels) {
      const note = notes.find((row) => Object.values(row.fields).includes(`front ${level}`))
      assert.exists(note, `the note of L${level}`)
      const deck = byId.get(note!.deck_id)!
      if (level <= MAX_DECK_DEPTH) {
        assert.equal(levelOf(deck.id), level, `L${level} keeps its level`)
        assert.equal(deck.name, level === 1 ? deck.name : `L${level}`)
      } else {
        assert.equal(
          deck.name,
          names(level)
            .slice(MAX_DECK_DEPTH - 1)
            .join('::')
        )
        assert.equal(deck.parent_id, l19.id, `L${level} sits beside L20`)
      }
    }

    /* and the list carries each deck once */
    const list = await client.get('/api/decks').bearerToken(token)
    assert.sameMembers(
      list.body().decks.map((deck: any) => deck.id),
      decks.map((deck) => deck.id)
    )
  }).timeout(120_000)

  test('a text import whose Deck column nests 25 levels is cut the same way', async ({
    client,
    assert,
  }) => {
    const rows = Array.from(
      { length: 25 },
      (_, index) => `front ${index + 1},back ${index + 1},${names(index + 1).join('::')}`
    )
    const { user, token } = await signIn()
    const done = await importFile(
      client,
      token,
      Buffer.from(['#separator:comma', '#columns:Front,Back,Deck', ...rows].join('\n')),
      'deep.csv'
    )
    assert.equal(done.status, 'done', JSON.stringify(done))
    assert.equal(done.counts.notes, 25)
    assert.equal(done.counts.flattened, 5)
    assert.deepInclude(done.warnings, { message: `too_deep:${MAX_DECK_DEPTH}:5` })
    const deepest = await db
      .from('notes')
      .join('decks', 'decks.id', 'notes.deck_id')
      .where('notes.user_id', user.id)
      .whereRaw(`notes.fields::text like '%front 25%'`)
      .select('decks.name')
      .first()
    assert.equal(
      deepest.name,
      names(25)
        .slice(MAX_DECK_DEPTH - 1)
        .join('::')
    )
  }).timeout(120_000)
})
