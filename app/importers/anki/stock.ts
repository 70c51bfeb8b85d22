import type { BundleNoteTypeKind } from '#importers/bundle'
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import type { AnkiModelExtras } from '#note_types/types'

/*
 * Which Anki note types are Anki's stock ones, so their notes land on the
 * product's built-in types (same fields, same cards), and the other way round
 * for the writer. Everything else stays a custom type.
 */

/** StockNotetype.OriginalStockKind in proto/anki/notetypes.proto */
export const ORIGINAL_STOCK_KIND = {
  unknown: 0,
  basic: 1,
  basicAndReversed: 2,
  basicOptionalReversed: 3,
  basicTyping: 4,
  cloze: 5,
  imageOcclusion: 6,
} as const

/** ImageOcclusionField / ClozeField tags on field configs */
const IO_TAG = { occlusions: 0, image: 1, header: 2, backExtra: 3, comments: 4 }
const CLOZE_TAG = { text: 0, backExtra: 1 }

/** A note type as both collection schemas describe it. */
export interface SourceNoteType {
  id: string
  name: string
  cloze: boolean
  css: string
  originalStockKind: number
  fields: { name: string; tag: number | null }[]
  templates: { name: string; front: string; back: string }[]
  /** the field Anki sorts by (`sortf`); 0 when the source does not say */
  sortField?: number
  /** what else the source keeps on the type (schema 11 JSON only), written back on export */
  extras?: AnkiModelExtras | null
  /** the built-in kind Mnemo exported this type from (the model's `mnemoKind`), if any */
  mnemoKind?: string
  /** the kind of type whose notes with Mnemo's reversed card Mnemo exported as this one (`mnemoReversedOf`) */
  mnemoReversedOf?: string
}

export type StockKind = Exclude<BundleNoteTypeKind, 'custom'>

export interface StockMapping {
  kind: StockKind
  /** product field name → index of the source field it is read from (−1: none) */
  fields: Record<string, number>
  /** image occlusion: the source fields holding the shapes and the comments */
  occlusions?: number
  comments?: number
}

/* templates compared with all whitespace removed: Anki versions differ in newlines only */
const squash = (text: string) => text.replace(/\s+/g, '')
const same = (a: string, b: string) => squash(a) === squash(b)

function plainTwoFields(kind: 'basic' | 'reversed' | 'type_in'): StockMapping {
  return { kind, fields: { Front: 0, Back: 1 } }
}

function isForwardCard(
  template: SourceNoteType['templates'][number],
  question: string,
  answer: string
) {
  return (
    same(template.front, `{{${question}}}`) &&
    same(template.back, `{{FrontSide}}<hr id=answer>{{${answer}}}`)
  )
}

function isTypingCard(template: SourceNoteType['templates'][number], front: string, back: string) {
  return (
    same(template.front, `{{${front}}}{{type:${back}}}`) &&
    (same(template.back, `{{${front}}}<hr id=answer>{{type:${back}}}`) ||
      /* the typing type of Anki 2.1 before 2.1.28 and AnkiDroid */
      same(template.back, `{{FrontSide}}<hr id=answer>{{${back}}}`))
  )
}

function tagIndex(noteType: SourceNoteType, tag: number, fallback: number): number {
  if (noteType.fields.some((field) => field.tag !== null)) {
    return noteType.fields.findIndex((field) => field.tag === tag)
  }
  return fallback < noteType.fields.length ? fallback : -1
}

function occlusionMapping(noteType: SourceNoteType): StockMapping | null {
  const occlusions = tagIndex(noteType, IO_TAG.occlusions, 0)
  const image = tagIndex(noteType, IO_TAG.image, 1)
  if (!noteType.cloze || occlusions < 0 || image < 0) return null
  return {
    kind: 'image_occlusion',
    fields: {
      'Image': image,
      'Header': tagIndex(noteType, IO_TAG.header, 2),
      'Back Extra': tagIndex(noteType, IO_TAG.backExtra, 3),
    },
    occlusions,
    comments: tagIndex(noteType, IO_TAG.comments, 4),
  }
}

function clozeMapping(noteType: SourceNoteType): StockMapping | null {
  /* more fields than Text and Back Extra would be lost on the built-in type */
  if (!noteType.cloze || noteType.fields.length > 2 || noteType.templates.length !== 1) return null
  return {
    kind: 'cloze',
    fields: {
      'Text': tagIndex(noteType, CLOZE_TAG.text, 0),
      'Back Extra': tagIndex(noteType, CLOZE_TAG.backExtra, 1),
    },
  }
}

/**
 * The built-in type a source note type maps to, or null for a custom type.
 *
 * "Basic (optional reversed card)" stays custom: its second card exists only
 * when the third field is filled, which the product's reversed type (always
 * two cards) cannot express; as a custom type it keeps its conditional
 * template and makes exactly the cards it made in Anki.
 */
export function stockMapping(noteType: SourceNoteType): StockMapping | null {
  /*
   * a learner's type is kept as it came (decision 0092): only a type Mnemo
   * exported from a built-in (marked so) goes back to it, and image
   * occlusion, which Mnemo draws itself
   */
  if (noteType.mnemoKind && noteType.mnemoKind !== 'custom') {
    const mapping = anyStockMapping(noteType)
    return mapping?.kind === noteType.mnemoKind ? mapping : null
  }
  const mapping = anyStockMapping(noteType)
  return mapping?.kind === 'image_occlusion' ? mapping : null
}

function anyStockMapping(noteType: SourceNoteType): StockMapping | null {
  const { fields, templates } = noteType
  const names = fields.map((field) => field.name)
  switch (noteType.originalStockKind) {
    case ORIGINAL_STOCK_KIND.basic:
      return !noteType.cloze && fields.length === 2 && templates.length === 1
        ? plainTwoFields('basic')
        : null
    case ORIGINAL_STOCK_KIND.basicAndReversed:
      return !noteType.cloze && fields.length === 2 && templates.length === 2
        ? plainTwoFields('reversed')
        : null
    case ORIGINAL_STOCK_KIND.basicTyping:
      return !noteType.cloze && fields.length === 2 && templates.length === 1
        ? plainTwoFields('type_in')
        : null
    case ORIGINAL_STOCK_KIND.cloze:
      return clozeMapping(noteType)
    case ORIGINAL_STOCK_KIND.imageOcclusion:
      return occlusionMapping(noteType)
    case ORIGINAL_STOCK_KIND.basicOptionalReversed:
      return null
  }

  /* no stock kind recorded (created before Anki 2.1.62): match the stock shape */
  if (noteType.cloze) {
    const front = templates[0]?.front ?? ''
    if (
      templates.length === 1 &&
      names.length >= 2 &&
      front.includes(`{{cloze:${names[0]}}}`) &&
      /imageOcclusion|image-occlusion/.test(front)
    ) {
      return occlusionMapping(noteType)
    }
    if (templates.length === 1 && names.length >= 1 && same(front, `{{cloze:${names[0]}}}`)) {
      const back =
        names.length === 2 ? `{{cloze:${names[0]}}}<br>{{${names[1]}}}` : `{{cloze:${names[0]}}}`
      if (same(templates[0].back, back)) return clozeMapping(noteType)
    }
    return null
  }
  if (names.length !== 2) return null
  const [front, back] = names
  if (templates.length === 1 && isForwardCard(templates[0], front, back))
    return plainTwoFields('basic')
  if (templates.length === 1 && isTypingCard(templates[0], front, back))
    return plainTwoFields('type_in')
  if (
    templates.length === 2 &&
    isForwardCard(templates[0], front, back) &&
    isForwardCard(templates[1], back, front)
  ) {
    return plainTwoFields('reversed')
  }
  return null
}

/* ---- the writer's side: the Anki stock type for each built-in kind ---- */

const STOCK_KIND_OF: Record<StockKind, number> = {
  basic: ORIGINAL_STOCK_KIND.basic,
  reversed: ORIGINAL_STOCK_KIND.basicAndReversed,
  type_in: ORIGINAL_STOCK_KIND.basicTyping,
  cloze: ORIGINAL_STOCK_KIND.cloze,
  image_occlusion: ORIGINAL_STOCK_KIND.imageOcclusion,
}

/* eslint-disable @stylistic/max-len -- Anki's stock occlusion template, byte for byte as Anki writes it */
const IO_FRONT = `{{#Header}}<div>{{Header}}</div>{{/Header}}
<div style="display: none">{{cloze:Occlusion}}</div>
<div id="err"></div>
<div id="image-occlusion-container">
    {{Image}}
    <canvas id="image-occlusion-canvas"></canvas>
</div>
<script>
try {
    anki.imageOcclusion.setup();
} catch (exc) {
    document.getElementById("err").innerHTML = \`Error loading image occlusion. Is your Anki version up to date?<br><br>\${exc}\`;
}
</script>
`

/* eslint-enable @stylistic/max-len */
const IO_CSS = `#image-occlusion-canvas {
    --inactive-shape-color: #ffeba2;
    --active-shape-color: #ff8e8e;
    --inactive-shape-border: 1px #212121;
    --active-shape-border: 1px #212121;
    --highlight-shape-color: #ff8e8e00;
    --highlight-shape-border: 1px #ff8e8e;
}

.card {
    font-family: arial;
    font-size: 20px;
    text-align: center;
    color: black;
    background-color: white;
}
`

/**
 * How a built-in kind is written for Anki: its stock fields and templates.
 * Basic, reversed, type-in and cloze use the product's own definitions, which
 * are Anki's stock ones; image occlusion needs Anki's field layout (shapes in
 * a cloze field) and the template that calls Anki's occlusion script.
 */
export function ankiStockNoteType(kind: StockKind): Omit<SourceNoteType, 'id' | 'name'> {
  if (kind === 'image_occlusion') {
    return {
      cloze: true,
      css: IO_CSS,
      originalStockKind: ORIGINAL_STOCK_KIND.imageOcclusion,
      fields: ['Occlusion', 'Image', 'Header', 'Back Extra', 'Comments'].map((name, tag) => ({
        name,
        tag,
      })),
      templates: [
        {
          name: 'Image Occlusion',
          front: IO_FRONT,
          back:
            `${IO_FRONT}\n<div><button id="toggle">Toggle Masks</button></div>\n{{#Back Extra}}<div>{{Back ` +
            `Extra}}</div>{{/Back Extra}}\n`,
        },
      ],
    }
  }
  const definition = BUILTIN_NOTE_TYPES[kind]
  return {
    cloze: definition.isCloze,
    css: definition.css,
    originalStockKind: STOCK_KIND_OF[kind],
    fields: definition.fields.map((field, index) => ({
      name: field.name,
      tag: kind === 'cloze' ? index : null,
    })),
    templates: definition.templates.map((template) => ({ ...template })),
  }
}
