import type { I18n } from '@adonisjs/i18n'

/*
 * The built-in note types' field names (Anki's stock names: the notes store
 * them as keys, so they never change) and the label each takes on a page:
 * ui.editor.stock.fields.<key> in the reader's language.
 */
const STOCK_FIELDS: Record<string, string> = {
  'Front': 'front',
  'Back': 'back',
  'Text': 'text',
  'Back Extra': 'back_extra',
  'Image': 'image',
  'Header': 'header',
}

export const stockFieldKey = (name: string) => STOCK_FIELDS[name] ?? null

/**
 * A field's name as an error message says it: a built-in field in the
 * reader's language, any other as it is named. Resolved by the exception
 * handler, which knows the request's language.
 */
export class FieldLabel {
  constructor(
    readonly name: string,
    readonly stock: boolean
  ) {}

  in(i18n: I18n) {
    const key = this.stock ? stockFieldKey(this.name) : null
    return key ? i18n.t(`ui.editor.stock.fields.${key}`) : this.name
  }

  toString() {
    return this.name
  }
}
