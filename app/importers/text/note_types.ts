import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import type { BuiltinNoteTypeKind } from '#note_types/types'

/** Built-in types by Anki's stock names (what `#notetype:` holds) or by kind; anything else is Basic, not known. */
export function resolveNoteType(name: string | undefined): {
  kind: BuiltinNoteTypeKind
  known: boolean
} {
  if (!name) return { kind: 'basic', known: true }
  const normed = name.trim().toLowerCase()
  for (const def of Object.values(BUILTIN_NOTE_TYPES)) {
    if (def.kind === 'image_occlusion') continue
    if (def.name.toLowerCase() === normed || def.kind === normed)
      return { kind: def.kind as BuiltinNoteTypeKind, known: true }
  }
  return { kind: 'basic', known: false }
}
