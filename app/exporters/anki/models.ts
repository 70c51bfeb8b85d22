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
      source: {
        id: String(id),
        name: bundle.name,
        ...ankiStockNoteType(bundle.kind),
        /* read back by Mnemo as its built-in again (stock.ts) */
        mnemoKind: bundle.kind,
      },
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
      fields: bundle.fields.map((name, index) => ({
        name,
        tag: numberOr(bundle.ankiModel?.fields[index]?.tag, null),
      })),
      templates: bundle.templates.map((template) => ({ ...template })),
      sortField: bundle.sortField ?? 0,
      extras: bundle.ankiModel ?? null,
      originalStockKind: numberOr(bundle.ankiModel?.model.originalStockKind, 0),
    },
  }
}

const numberOr = <T>(value: unknown, fallback: T): number | T =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback

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

/* what Anki writes for a field and a template it made itself (schema 11) */
const FIELD_DEFAULTS = { sticky: false, rtl: false, font: 'Arial', size: 20, media: [] }
const TEMPLATE_DEFAULTS = { bqfmt: '', bafmt: '', did: null, bfont: '', bsize: 0 }

/**
 * The model as schema 11 keeps it. An imported type's other keys (its
 * `extras`) are written back as they came, under what Mnemo holds (name,
 * fields, templates, CSS, sort field), so a type edited in Mnemo is written
 * as edited; `req` is kept while the templates are the ones it was made for.
 */
export function modelJson(type: WrittenType, mtime: number) {
  const { source } = type
  const extras = source.extras
  const keptReq =
    extras && Array.isArray(extras.model.req) && extras.templates.length === source.templates.length
  /* an imported type's keys as it had them; Anki's defaults for a type Mnemo made */
  const model: Record<string, unknown> = {
    ...(extras
      ? { did: 1, ...extras.model }
      : {
          latexPre: LATEX_PRE,
          latexPost: LATEX_POST,
          latexsvg: false,
          did: 1,
          tags: [],
          vers: [],
        }),
    id: type.id,
    name: source.name,
    type: source.cloze ? 1 : 0,
    mod: mtime,
    usn: 0,
    sortf: Math.max(0, Math.min(source.sortField ?? 0, source.fields.length - 1)),
    tmpls: source.templates.map((template, ord) => ({
      ...(extras?.templates[ord] ?? TEMPLATE_DEFAULTS),
      name: template.name,
      ord,
      qfmt: template.front,
      afmt: template.back,
    })),
    flds: source.fields.map((field, ord) => {
      const { tag: _tag, ...kept } = (extras?.fields[ord] ?? FIELD_DEFAULTS) as Record<
        string,
        unknown
      >
      return {
        ...kept,
        name: field.name,
        ord,
        ...(field.tag !== null ? { tag: field.tag } : {}),
      }
    }),
    css: source.css,
  }
  if (keptReq) model.req = extras!.model.req
  else if (!extras || 'req' in extras.model) model.req = source.cloze ? [] : requirements(source)
  if (source.originalStockKind) model.originalStockKind = source.originalStockKind
  else delete model.originalStockKind
  if (source.mnemoKind) model.mnemoKind = source.mnemoKind
  if (type.bundle.reversedOf) model.mnemoReversedOf = type.bundle.reversedOf
  return model
}
