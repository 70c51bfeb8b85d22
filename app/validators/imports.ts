import vine from '@vinejs/vine'
import type { CardSeparator, FieldSeparator, TextImportOptions } from '#importers/text/parse_text'
import { id } from '#validators/content'

/* the dialog previews the beginning of long texts: these bound what it may send */
const PREVIEW_MAX_CHARS = 300_000
const PREVIEW_MAX_BASE64 = 400_000
const SEPARATOR_MAX = 10

/*
 * The upload form's separators, the one place they are read (the preview
 * and the upload alike): a word for the usual ones, else the characters
 * themselves. Empty means "detect it".
 */
function cardSeparatorOf(value: string): CardSeparator | undefined {
  if (!value) return undefined
  return value === 'newline' || value === 'semicolon' ? value : { custom: value }
}

function fieldSeparatorOf(value: string): FieldSeparator | undefined {
  if (!value) return undefined
  return value === 'tab' || value === 'comma' ? value : { custom: value }
}

const cardSeparator = () =>
  vine.string().maxLength(SEPARATOR_MAX).transform(cardSeparatorOf).nullable().optional()
const fieldSeparator = () =>
  vine.string().maxLength(SEPARATOR_MAX).transform(fieldSeparatorOf).nullable().optional()

/**
 * The upload dialog's preview: text, or the first bytes of what the dialog
 * will upload (base64, so the server decodes them as the import will: BOM,
 * UTF-8, else Windows-1252; and the body parser, which trims fields, leaves
 * leading blank lines and so the line numbers alone). Separators as the
 * upload form sends them.
 */
export const importPreviewValidator = vine.create({
  text: vine.string().maxLength(PREVIEW_MAX_CHARS).nullable().optional(),
  data: vine
    .string()
    .maxLength(PREVIEW_MAX_BASE64)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/)
    .nullable()
    .optional(),
  card_separator: cardSeparator(),
  field_separator: fieldSeparator(),
})

/**
 * POST deck_imports: the small fields beside the file (multipart, so every
 * value arrives as text): the folder the deck goes into, and a text file's
 * separators and whether its fields are HTML.
 */
export const importUploadValidator = vine.create({
  folder_id: id().nullable().optional(),
  card_separator: cardSeparator(),
  field_separator: fieldSeparator(),
  html: vine.boolean().nullable().optional(),
})

/** The text reader's options from the validated fields: only those the learner chose. */
export function textOptionsOf(input: {
  card_separator?: CardSeparator | null
  field_separator?: FieldSeparator | null
  html?: boolean | null
}): TextImportOptions {
  return {
    ...(input.card_separator ? { cardSeparator: input.card_separator } : {}),
    ...(input.field_separator ? { fieldSeparator: input.field_separator } : {}),
    ...(input.html !== undefined && input.html !== null ? { html: input.html } : {}),
  }
}
