import type NoteType from '#models/note_type'
import { isReversible } from '#note_types/cards'

/** The spec's Template (deck list) plus what the editor needs. */
export default class NoteTypeTransformer {
  static forApi(noteType: NoteType) {
    const definition = noteType.definition
    return {
      id: noteType.id,
      title: noteType.kind === 'custom' ? noteType.name : definition.name,
      kind: noteType.kind,
      fields: definition.fields.map((field, index) => ({ id: index, title: field.name, isRequired: Boolean(field.required) })),
      isDefault: noteType.kind === 'basic',
      reversible: isReversible(definition),
    }
  }

  static forEditor(noteType: NoteType) {
    const definition = noteType.definition
    return {
      id: noteType.id,
      kind: noteType.kind,
      name: noteType.kind === 'custom' ? noteType.name : definition.name,
      fields: definition.fields.map((field) => ({ name: field.name, required: Boolean(field.required) })),
      reversible: isReversible(definition),
    }
  }
}
