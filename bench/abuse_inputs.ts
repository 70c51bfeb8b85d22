/*
| The hostile inputs of bench/abuse.ts, built at run time into a scratch
| folder (none is stored in the repository): an Anki package whose decks form
| one chain 1,000 levels deep, a one-page PDF of about 20 MB of drawing and
| text operators, and a two-column CSV of about 50 MB.
*/
import { createWriteStream } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import { once } from 'node:events'
import { DatabaseSync } from 'node:sqlite'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import yazl from 'yazl'
import type { ImportBundle } from '#importers/bundle'
import { writeCollection } from '#exporters/anki/collection'
import { saveZip } from '#exporters/zip_writer'

const MB = 1024 * 1024

/**
 * A legacy .apkg whose decks are one chain `depth` levels deep ("Level 1::
 * Level 2::…"), a note in each. The app's own writer makes the collection
 * (its decks flat, as it caps a tree at 100 levels); the full names are then
 * written into `col.decks`, which is where Anki keeps a deck's place in the tree.
 */
export async function deepTreePackage(path: string, depth = 1000) {
  const levels = Array.from({ length: depth }, (_, index) => index + 1)
  const bundle: ImportBundle = {
    format: 'apkg',
    noteTypes: [
      {
        key: '1',
        name: 'Basic',
        kind: 'basic',
        fields: ['Front', 'Back'],
        templates: [
          { name: 'Card 1', front: '{{Front}}', back: '{{FrontSide}}<hr id=answer>{{Back}}' },
        ],
        css: '',
        isCloze: false,
      },
    ],
    decks: levels.map((level) => ({ key: String(level), name: `Level ${level}`, parentKey: null })),
    notes: levels.map((level) => ({
      key: String(level),
      guid: `deep-${level}`,
      noteTypeKey: '1',
      deckKey: String(level),
      tags: [],
      fields: { Front: `Depth ${level}`, Back: `Answer ${level}` },
    })),
    cards: levels.map((level) => ({
      key: String(level),
      noteKey: String(level),
      ord: 0,
      deckKey: String(level),
      progress: null,
    })),
    reviews: [],
    media: [],
    warnings: [],
  } as ImportBundle
  const collection = `${path}.anki2`
  writeCollection(bundle, collection)
  const db = new DatabaseSync(collection)
  const decks = JSON.parse(
    String((db.prepare('select decks from col').get() as { decks: string }).decks)
  ) as Record<string, { name: string }>
  const chain = levels.map((level) => `Level ${level}`)
  for (const deck of Object.values(decks)) {
    const level = /^Level (\d+)$/.exec(deck.name)
    if (level) deck.name = chain.slice(0, Number(level[1])).join('::')
  }
  db.prepare('update col set decks = ?').run(JSON.stringify(decks))
  db.close()
  const zip = new yazl.ZipFile()
  zip.addFile(collection, 'collection.anki2')
  zip.addBuffer(Buffer.from('{}'), 'media')
  await saveZip(zip, path)
  await rm(collection, { force: true })
  return (await stat(path)).size
}

/**
 * One A4 page carrying about `megabytes` of operators, uncompressed: filled
 * rectangles, and every eighth a line of text (so the PDF has text to read,
 * and much of it). Under the 20 MB cap of POST notes/ai_document.
 */
export async function hugePagePdf(path: string, megabytes = 19.5) {
  const document = await PDFDocument.create()
  const font = await document.embedFont(StandardFonts.Helvetica)
  const page = document.addPage([595, 842])
  page.drawText('A cell is the smallest unit of life that can replicate independently.', {
    x: 40,
    y: 800,
    size: 10,
    font,
  })
  const fontName = page.node.newFontDictionary('FBench', font.ref)
  const lines: string[] = []
  let size = 0
  for (let index = 0; size < megabytes * MB - 200_000; index++) {
    const x = (index * 37) % 560
    const y = (index * 53) % 800
    const line =
      index % 8 === 0
        ? `BT ${fontName.toString()} 6 Tf ${x} ${y} Td (Organelle ${index} is a part of the cell with a task of ` +
          `its own.) Tj ET\n`
        : `${x} ${y} ${(index % 9) + 1} ${(index % 7) + 1} re f\n`
    lines.push(line)
    size += line.length
  }
  page.node.addContentStream(document.context.register(document.context.stream(lines.join(''))))
  const bytes = await document.save({ useObjectStreams: false })
  const out = createWriteStream(path)
  out.end(bytes)
  await once(out, 'finish')
  return bytes.length
}

/** A two-column CSV (front,back) of `bytes` bytes at most, written as a stream. */
export async function bigCsv(path: string, bytes = 50_000_000) {
  const out = createWriteStream(path)
  let size = 0
  let chunk = ''
  for (let row = 1; ; row++) {
    const line = `Front of row ${row},Back of row ${row}\n`
    if (size + line.length > bytes) break
    size += line.length
    chunk += line
    if (chunk.length > MB) {
      if (!out.write(chunk)) await once(out, 'drain')
      chunk = ''
    }
  }
  out.end(chunk)
  await once(out, 'finish')
  return size
}
