import type { NoteTypeDefinition } from '#note_types/types'

/*
 * How clients name a note's fields. GET decks lists each template's fields as
 * {id, title}, the id being the field's position in its note type (0, 1, …):
 * a client may key `fields` and `field_attachments_map` by those ids, as the
 * spec's apps do, or by the titles, as the web editor does. Inside, a note's
 * fields are keyed by title; the API answers with ids.
 *
 * A key that is a field's exact title is that field, so a custom type whose
 * fields are titled "1", "2" still reads its titles; any other decimal key is
 * an id. Naming one field twice (by id and by title) is refused rather than
 * guessed.
 */

type FieldKeyProblem = { key: string; problem: 'unknown' | 'duplicate' }

export interface ResolvedFields<T> {
  /** keyed by field title, in the request's order */
  byName: Record<string, T>
  /** the key the client used for each field title it named */
  keyOf: Map<string, string>
  /** the client named fields by id: errors about fields it left out name them by id too */
  byId: boolean
  problems: FieldKeyProblem[]
}

const ID = /^(0|[1-9]\d{0,3})$/

/** The title of the field a client's key names, or null. */
function fieldTitleOf(definition: NoteTypeDefinition, key: string): string | null {
  if (definition.fields.some((field) => field.name === key)) return key
  if (!ID.test(key)) return null
  return definition.fields[Number(key)]?.name ?? null
}

/** A client's map keyed by ids and/or titles, keyed by title. The one way every call reads field keys. */
export function resolveFieldKeys<T>(
  definition: NoteTypeDefinition,
  map: Record<string, T>
): ResolvedFields<T> {
  const byName: Record<string, T> = {}
  const keyOf = new Map<string, string>()
  const problems: FieldKeyProblem[] = []
  let byId = false
  for (const [key, value] of Object.entries(map)) {
    const title = fieldTitleOf(definition, key)
    if (title === null) {
      problems.push({ key, problem: 'unknown' })
      continue
    }
    if (keyOf.has(title)) {
      problems.push({ key, problem: 'duplicate' })
      continue
    }
    if (title !== key) byId = true
    byName[title] = value
    keyOf.set(title, key)
  }
  return { byName, keyOf, byId, problems }
}

/** How an answer about a field names it: the way the client named it, else as its other keys were named. */
export function clientKeyOf(
  definition: NoteTypeDefinition,
  resolved: Pick<ResolvedFields<unknown>, 'keyOf' | 'byId'>,
  title: string
) {
  const used = resolved.keyOf.get(title)
  if (used !== undefined) return used
  const index = definition.fields.findIndex((field) => field.name === title)
  return resolved.byId && index >= 0 ? String(index) : title
}

/** A title-keyed map keyed by field id, in the note type's order; what the API answers. */
export function keyedById<T>(
  definition: NoteTypeDefinition,
  byName: Record<string, T>
): Record<string, T> {
  const result: Record<string, T> = {}
  definition.fields.forEach((field, index) => {
    if (Object.hasOwn(byName, field.name)) result[String(index)] = byName[field.name]
  })
  return result
}
