import vine from '@vinejs/vine'

/* the dialog previews the beginning of long texts: these bound what it may send */
export const PREVIEW_MAX_CHARS = 300_000
const PREVIEW_MAX_BASE64 = 400_000

/**
 * The upload dialog's preview: text, or the first bytes of what the dialog
 * will upload (base64, so the server decodes them as the import will: BOM,
 * UTF-8, else Windows-1252; and the body parser, which trims fields, leaves
 * leading blank lines and so the line numbers alone). Separators as the
 * upload form sends them.
 */
export const importPreviewValidator = vine.create({
  text: vine.string().maxLength(PREVIEW_MAX_CHARS).nullable().optional(),
  data: vine.string().maxLength(PREVIEW_MAX_BASE64).regex(/^[A-Za-z0-9+/]*={0,2}$/).nullable().optional(),
  card_separator: vine.string().maxLength(10).nullable().optional(),
  field_separator: vine.string().maxLength(10).nullable().optional(),
})
