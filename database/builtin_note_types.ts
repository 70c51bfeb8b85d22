import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'

type Inserter = { table(name: string): { multiInsert(rows: object[]): Promise<unknown> } }

/** The rows of the built-in note types (no owner); their templates live in code. */
export async function insertBuiltinNoteTypes(client: Inserter) {
  const now = new Date()
  await client.table('note_types').multiInsert(
    Object.entries(BUILTIN_NOTE_TYPES).map(([kind, definition]) => ({
      kind,
      name: definition.name,
      user_id: null,
      created_at: now,
      updated_at: now,
    }))
  )
}
