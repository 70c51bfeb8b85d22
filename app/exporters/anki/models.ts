import { createHash } from 'node:crypto'
import type { BundleNote, BundleNoteType } from '#importers/bundle'
import { formatOcclusions } from '#importers/anki/occlusion'
import { ankiStockNoteType, type SourceNoteType } from '#importers/anki/stock'

/*
 * Note types as schema 11 keeps them (`col.models`), and notes' fields in
 * the order of their type. A built-in kind is written as Anki's own stock
 * type, so Anki shows it as Basic, Cloze, … and keeps its stock behaviour.
 */

const LATEX_PRE =
  '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n' +
  '\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n'
const LATEX_POST = '\\end{document}'

/** Anki's ids are millisecond timestamps; a stable one per note type lets Anki recognise a type on re-import. */
export function stableId(text: string): number {
  const hash = createHash('sha1').update(text).digest()
  return 1_000_000_000_000 + (hash.readUIntBE(0, 5) % 900_000_000_000)
}

export function stripHtml(html: string): string {
  return html
    .replace(/<img[^>]*src=["']?([^"'>\s]+)[^>]*>/gi, ' $1 ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim()
}

/**
 * notes.csum: the first 8 hex digits of the SHA-1 of the stripped first field, as Anki computes for duplicate
 * checks
 */
export function fieldChecksum(text: string): number {
  return Number.parseInt(createHash('sha1').update(stripHtml(text)).digest('hex').slice(0, 8), 16)
}

/* the field separator cannot appear inside a field */
// eslint-disable-next-line no-control-regex -- \x1f is Anki's field separator
const cleanField = (value: unknown) => String(value ?? '').replace(/\x1f/g, ' ')

export interface WrittenType {
  id: number
  source: SourceNoteType
  bundle: BundleNoteType
}

export function ankiNoteType(bundle: BundleNoteType, id: number): WrittenType {
  if (bundle.kind !== 'custom') {
    return {
      id,
      bundle,
      source: { id: String(id), name: bundle.name, ...ankiStockNoteType(bundle.kind) },
    }
  }
  return {
    id,
    bundle,
    source: {
      id: String(id),
      name: bundle.name,
      cloze: bundle.isCloze,
      css: bundle.css,
      originalStockKind: 0,
      fields: bundle.fields.map((name) => ({ name, tag: null })),
      templates: bundle.templates.map((template) => ({ ...template })),
    },
  }
}

/** The field values in the order of the Anki type. */
export function fieldValues(note: BundleNote, type: WrittenType): string[] {
  if (type.bundle.kind === 'image_occlusion') {
    const attachment =
      note.fieldAttachmentsMap?.Image ?? Object.values(note.fieldAttachmentsMap ?? {})[0]
    const shapes = attachment ? formatOcclusions(attachment.masks, attachment.hideAll ?? true) : ''
    return [shapes, note.fields.Image, note.fields.Header, note.fields['Back Extra'], ''].map(
      cleanField
    )
  }
  return type.source.fields.map((field) => cleanField(note.fields[field.name]))
}

/** Which fields a template's front needs: schema 11's `req`, used by Anki versions before 2.1.28. */
function requirements(source: SourceNoteType): [number, string, number[]][] {
  return source.templates.map((template, ord) => {
    const used = source.fields
      .map((field, index) => ({
        index,
        used:
          template.front.includes(`{{${field.name}}}`) ||
          template.front.includes(`:${field.name}}}`),
      }))
      .filter((entry) => entry.used)
      .map((entry) => entry.index)
    return used.length ? [ord, 'any', used] : [ord, 'any', [0]]
  })
}

export function modelJson(type: WrittenType, mtime: number) {
  const { source } = type
  const model: Record<string, unknown> = {
    id: type.id,
    name: source.name,
    type: source.cloze ? 1 : 0,
    mod: mtime,
    usn: 0,
    sortf: 0,
    did: 1,
    tmpls: source.templates.map((template, ord) => ({
      name: template.name,
      ord,
      qfmt: template.front,
      afmt: template.back,
      bqfmt: '',
      bafmt: '',
      did: null,
      bfont: '',
      bsize: 0,
    })),
    flds: source.fields.map((field, ord) => ({
      name: field.name,
      ord,
      sticky: false,
      rtl: false,
      font: 'Arial',
      size: 20,
      media: [],
      ...(field.tag !== null ? { tag: field.tag } : {}),
    })),
    css: source.css,
    latexPre: LATEX_PRE,
    latexPost: LATEX_POST,
    latexsvg: false,
    req: source.cloze ? [] : requirements(source),
    tags: [],
    vers: [],
  }
  if (source.originalStockKind) model.originalStockKind = source.originalStockKind
  return model
}
