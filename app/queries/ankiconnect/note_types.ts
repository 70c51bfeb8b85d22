import NoteType from '#models/note_type'

/*
 * AnkiConnect's models are Mnemo's note types: the built-in ones every
 * learner has (named as Anki names its stock types: "Basic", "Basic (and
 * reversed card)", "Cloze", …) and the learner's own, imported or made
 * (docs/decisions/0093). A name two types share answers the learner's own.
 */

/** The note types a learner writes with, built-ins first, each name once. */
export async function noteTypesOf(user: { id: number }) {
  const types = await NoteType.query()
    .where((query) => query.whereNull('user_id').orWhere('user_id', user.id))
    .orderByRaw('user_id nulls first')
    .orderBy('id')
  const byName = new Map<string, NoteType>()
  for (const type of types) {
    const known = byName.get(type.name)
    if (!known || (known.userId === null && type.userId !== null)) byName.set(type.name, type)
  }
  return [...byName.values()]
}

/** The note type a model name names, or null (Anki compares names exactly). */
export async function noteTypeNamed(user: { id: number }, name: unknown) {
  if (typeof name !== 'string') return null
  const types = await noteTypesOf(user)
  return types.find((type) => type.name === name) ?? null
}
