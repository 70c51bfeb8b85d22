import { BaseTransformer } from '@adonisjs/core/transformers'
import type NoteType from '#models/note_type'
import { isReversible } from '#note_types/cards'
import { stockFieldKey } from '#note_types/stock_labels'

/** The spec's Template (deck list) plus what the editor needs. */
export default class NoteTypeTransformer extends BaseTransformer<NoteType> {
  toObject() {
    const noteType = this.resource
    const definition = noteType.definition
    return {
      id: noteType.id,
      title: noteType.kind === 'custom' ? noteType.name : definition.name,
      kind: noteType.kind,
      fields: definition.fields.map((field, index) => ({
        id: index,
        title: field.name,
        isRequired: Boolean(field.required),
      })),
      isDefault: noteType.kind === 'basic',
      reversible: isReversible(definition),
    }
  }

  /**
   * The editor's note type. A built-in one (Basic, Cloze, …) is named on the
   * page in the reader's language: `labelKey` says which stock label its name
   * and each field take (a learner's own type keeps the names it was given).
   */
  forEditor() {
    const noteType = this.resource
    const definition = noteType.definition
    const stock = noteType.kind !== 'custom'
    return {
      id: noteType.id,
      kind: noteType.kind,
      name: stock ? definition.name : noteType.name,
      labelKey: stock ? noteType.kind : null,
      fields: definition.fields.map((field) => ({
        name: field.name,
        required: Boolean(field.required),
        labelKey: stock ? stockFieldKey(field.name) : null,
      })),
      reversible: isReversible(definition),
    }
  }
}
