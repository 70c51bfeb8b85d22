import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { test } from '@japa/runner'
import type { ImportBundle } from '#importers/bundle'
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import { OFC_FORMAT, OFC_VERSION } from '#importers/ofc/format'
import { readOfc } from '#importers/ofc/read_ofc'
import { writeOfc } from '#exporters/ofc/write_ofc'
import { filesUnder, pseudoRandomBytes, withoutPaths } from '#tests/unit/importers/ofc/helpers'
import { readZip } from '#tests/support/read_zip'

const noteType = (kind: 'basic' | 'cloze' | 'image_occlusion') => {
  const def = BUILTIN_NOTE_TYPES[kind]
  return {
    key: `nt-${kind}`,
    name: def.name,
    kind,
    fields: def.fields.map((field) => field.name),
    templates: def.templates,
    css: def.css,
    isCloze: def.isCloze,
  }
}

const IMAGE = pseudoRandomBytes(300_000)
const SOUND = pseudoRandomBytes(5_000, 7)

/* every part of the bundle in use: a subdeck, three note types, masks, progress of every kind, reviews, media */
async function sampleBundle(dir: string): Promise<ImportBundle> {
  await writeFile(join(dir, 'src-image'), IMAGE)
  await writeFile(join(dir, 'src-sound'), SOUND)
  return {
    format: 'ofc',
    noteTypes: [
      noteType('basic'),
      noteType('cloze'),
      noteType('image_occlusion'),
      {
        key: 'nt-vocab',
        name: 'Vocabulary',
        kind: 'custom',
        fields: ['Word', 'Meaning', 'Example'],
        templates: [
          {
            name: 'Recognition',
            front: '{{Word}}',
            back: '{{FrontSide}}<hr id=answer>{{Meaning}}',
          },
        ],
        css: '.card { color: navy; }',
        isCloze: false,
        /* what an imported Anki type keeps (decision 0092) */
        sortField: 1,
        ankiId: '1600000000001',
        ankiModel: {
          model: { latexPre: '', vers: [], req: [[0, 'any', [0]]] },
          fields: [{ font: 'Georgia', size: 24 }, { font: 'Arial', size: 20 }, {}],
          templates: [{ bqfmt: '{{Word}}', bafmt: '' }],
        },
      },
    ],
    decks: [
      { key: 'd1', name: 'Biology', parentKey: null },
      { key: 'd2', name: 'Cells & Tissues', parentKey: 'd1' },
    ],
    notes: [
      {
        key: 'n1',
        guid: 'aB3$dE5^gH',
        noteTypeKey: 'nt-basic',
        deckKey: 'd1',
        fields: {
          Front: 'What is a <b>cell</b>?',
          Back: '<img src="cell diagram.png"> [sound:cell.mp3]',
        },
        tags: ['biology', 'basics'],
      },
      {
        key: 'n2',
        guid: 'xY7&zZ9*kL',
        noteTypeKey: 'nt-cloze',
        deckKey: 'd2',
        fields: { 'Text': '{{c1::Mitochondria}} make {{c2::ATP}}', 'Back Extra': '' },
        tags: [],
      },
      {
        key: 'n3',
        guid: 'occl-1',
        noteTypeKey: 'nt-image_occlusion',
        deckKey: 'd2',
        fields: {
          'Image': '<img src="cell diagram.png">',
          'Header': 'Organelles',
          'Back Extra': '',
        },
        tags: ['diagram'],
        fieldAttachmentsMap: {
          Image: {
            hideAll: true,
            masks: [
              { id: 'm1', group: 1, x: 0.1, y: 0.2, width: 0.3, height: 0.1, angle: 0 },
              { id: 'm2', group: 2, x: 0.5, y: 0.5, width: 0.25, height: 0.2, angle: 12.5 },
            ],
          },
        },
      },
      {
        key: 'n4',
        guid: 'vocab-1',
        noteTypeKey: 'nt-vocab',
        deckKey: 'd1',
        fields: { Word: 'la cellule', Meaning: 'the cell', Example: '' },
        tags: [],
        createdAt: new Date('2025-11-02T10:00:00.123Z'),
      },
    ],
    cards: [
      {
        key: 'c1',
        noteKey: 'n1',
        ord: 0,
        deckKey: 'd1',
        progress: {
          state: 'review',
          dueAt: new Date('2026-04-01T00:00:00.000Z'),
          intervalDays: 21,
          ease: 2.35,
          reps: 7,
          lapses: 1,
          stability: 18.4,
          difficulty: 5.2,
          frozen: false,
          lastReviewedAt: new Date('2026-03-11T08:30:15.123Z'),
        },
      },
      /* removed from study while new; buried by hand (decision 0092) */
      { key: 'c2', noteKey: 'n2', ord: 0, deckKey: 'd2', progress: null, suspended: true },
      {
        key: 'c3',
        noteKey: 'n2',
        ord: 1,
        deckKey: 'd2',
        progress: {
          state: 'learning',
          dueAt: new Date('2026-03-12T09:10:00.000Z'),
          intervalDays: 0,
          ease: 2.5,
          reps: 1,
          lapses: 0,
          stability: null,
          difficulty: null,
          frozen: true,
          lastReviewedAt: new Date('2026-03-12T09:00:00.000Z'),
        },
      },
      { key: 'c4', noteKey: 'n3', ord: 0, deckKey: 'd2', progress: null },
      { key: 'c5', noteKey: 'n3', ord: 1, deckKey: 'd2', progress: null },
      {
        key: 'c6',
        noteKey: 'n4',
        ord: 0,
        deckKey: 'd1',
        progress: null,
        buried: 'manual',
        createdAt: new Date('2025-11-02T10:00:01.000Z'),
      },
    ],
    reviews: [
      {
        cardKey: 'c1',
        reviewedAt: new Date('2026-03-11T08:30:15.123Z'),
        rating: 3,
        kind: 'review',
        intervalDays: 21,
        lastIntervalDays: 9,
        ease: 2.35,
        durationMs: 6400,
      },
      {
        cardKey: 'c3',
        reviewedAt: new Date('2026-03-12T09:00:00.000Z'),
        rating: 1,
        kind: 'learn',
        intervalDays: -600,
        lastIntervalDays: 0,
        ease: 0,
        durationMs: 12000,
      },
    ],
    media: [
      { name: 'cell diagram.png', path: join(dir, 'src-image'), size: IMAGE.length },
      { name: 'cell.mp3', path: join(dir, 'src-sound'), size: SOUND.length },
    ],
    warnings: [],
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

test.group('.ofc: export then import', (group) => {
  let dir: string
  group.each.setup(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ofc-round-trip-'))
    return () => rm(dir, { recursive: true, force: true })
  })

  test('with progress: the same bundle, media bytes included', async ({ assert }) => {
    const bundle = await sampleBundle(dir)
    await writeOfc(bundle, join(dir, 'deck.ofc'), { includeProgress: true })
    const read = await readOfc(join(dir, 'deck.ofc'), join(dir, 'work'))

    assert.deepEqual(withoutPaths(read), withoutPaths(bundle))
    assert.deepEqual(await readFile(read.media[0].path), IMAGE)
    assert.deepEqual(await readFile(read.media[1].path), SOUND)
    for (const media of read.media)
      assert.isFalse(relative(join(dir, 'work'), media.path).startsWith('..'))
  })

  test('without progress: cards come back unstudied and no review is written', async ({
    assert,
  }) => {
    const bundle = await sampleBundle(dir)
    await writeOfc(bundle, join(dir, 'deck.ofc'), { includeProgress: false })
    const read = await readOfc(join(dir, 'deck.ofc'), join(dir, 'work'))

    /* the learner's marks go with the progress; creation times stay */
    const expected = withoutPaths({
      ...bundle,
      cards: bundle.cards.map(({ suspended: _s, buried: _b, ...card }) => ({
        ...card,
        progress: null,
      })),
      reviews: [],
    })
    assert.deepEqual(withoutPaths(read), expected)

    const manifest = JSON.parse(
      (await readZip(join(dir, 'deck.ofc'))).get('manifest.json')!.toString('utf8')
    )
    assert.isFalse(manifest.includesProgress)
    assert.notProperty(manifest, 'reviews')
    for (const card of manifest.cards) assert.notProperty(card, 'progress')
    assert.notInclude(JSON.stringify(manifest), '2026-04-01')
  })

  test('the archive itself: manifest.json and media/<file>, sizes and checksums of the real bytes', async ({
    assert,
  }) => {
    const bundle = await sampleBundle(dir)
    await writeOfc(bundle, join(dir, 'deck.ofc'), { includeProgress: true })
    const entries = await readZip(join(dir, 'deck.ofc'))
    assert.sameMembers([...entries.keys()], ['media/0.png', 'media/1.mp3', 'manifest.json'])

    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'))
    assert.equal(manifest.format, OFC_FORMAT)
    assert.equal(manifest.version, OFC_VERSION)
    assert.isTrue(manifest.includesProgress)
    assert.isFalse(Number.isNaN(Date.parse(manifest.exportedAt)))
    assert.deepEqual(manifest.media, [
      { name: 'cell diagram.png', file: '0.png', size: 300_000, sha256: sha256(IMAGE) },
      { name: 'cell.mp3', file: '1.mp3', size: 5_000, sha256: sha256(SOUND) },
    ])
    assert.deepEqual(entries.get('media/0.png'), IMAGE)
    assert.equal(manifest.cards[0].progress.dueAt, '2026-04-01T00:00:00.000Z')
    assert.lengthOf(manifest.reviews, 2)
  })

  test('no media: no media directory is made', async ({ assert }) => {
    const bundle = { ...(await sampleBundle(dir)), media: [] }
    await writeOfc(bundle, join(dir, 'deck.ofc'), { includeProgress: false })
    const read = await readOfc(join(dir, 'deck.ofc'), join(dir, 'work'))
    assert.deepEqual(read.media, [])
    assert.deepEqual(await filesUnder(join(dir, 'work')), [])
  })

  test('a bundle the reader would refuse is not written', async ({ assert }) => {
    const bundle = await sampleBundle(dir)
    bundle.notes[0].deckKey = 'no-such-deck'
    await assert.rejects(
      () => writeOfc(bundle, join(dir, 'deck.ofc'), { includeProgress: true }),
      /manifest\.notes\[0\]\.deckKey: unknown deck "no-such-deck"/
    )
    assert.isNull(await stat(join(dir, 'deck.ofc')).catch(() => null))
  })

  test('a media file that cannot be read fails the export and leaves no file', async ({
    assert,
  }) => {
    const bundle = await sampleBundle(dir)
    bundle.media[1].path = join(dir, 'missing-file')
    await assert.rejects(
      () => writeOfc(bundle, join(dir, 'deck.ofc'), { includeProgress: true }),
      /ENOENT/
    )
    assert.deepEqual(await filesUnder(dir), ['src-image', 'src-sound'])
  })
})
