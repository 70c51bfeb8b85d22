import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import NoteType from '#models/note_type'
import type User from '#models/user'
import type { BundleNote, BundleNoteType } from '#importers/bundle'

const MEDIA_REF = /(<(?:img|audio|video|source)\b[^>]*?\bsrc=")([^"]+)(")|\[sound:([^\]]+)\]/gi

export interface ResolvedType {
  row: NoteType
  /* the bundle's field names in the order the product's type takes them */
  fieldNames: string[]
  source: BundleNoteType
}

/**
 * A built-in kind (a type Mnemo exported from one of its own, or image
 * occlusion) becomes the product's built-in type (fields by position); any
 * other type becomes a custom type of the learner as it came (name, fields,
 * templates, CSS, sort field, Anki's id and the rest of its model), reused
 * when an earlier import made the same one.
 */
export async function resolveNoteTypes(
  user: User,
  types: BundleNoteType[],
  trx: TransactionClientContract
) {
  const resolved = new Map<string, ResolvedType>()
  for (const type of types) {
    if (type.kind !== 'custom') {
      const row = await NoteType.query({ client: trx })
        .whereNull('user_id')
        .where('kind', type.kind)
        .firstOrFail()
      resolved.set(type.key, { row, fieldNames: type.fields, source: type })
      continue
    }
    /* Anki requires no field (a note whose first field is empty is kept): neither does an imported type */
    const fields = type.fields.map((name) => ({ name }))
    const sortField = Math.max(0, Math.min(type.sortField ?? 0, fields.length - 1))
    const templates = type.templates.map((template) => ({
      name: template.name,
      front: template.front,
      back: template.back,
    }))
    const same = await NoteType.query({ client: trx })
      .where('user_id', user.id)
      .where('kind', 'custom')
      .where('name', type.name)
      .where('css', type.css)
      .where('sort_field', sortField)
      .whereRaw('fields = ?::jsonb and templates = ?::jsonb', [
        JSON.stringify(fields),
        JSON.stringify(templates),
      ])
      .first()
    const row =
      same ??
      (await NoteType.create(
        {
          userId: user.id,
          kind: 'custom',
          name: type.name.slice(0, 255),
          fields,
          templates,
          css: type.css,
          ankiId: type.ankiId ?? (/^\d+$/.test(type.key) ? type.key : null),
          sortField,
          ankiModel: type.ankiModel ?? null,
        },
        { client: trx }
      ))
    resolved.set(type.key, { row, fieldNames: type.fields, source: type })
  }
  return resolved
}

/** The note's fields under the product type's names, with media pointing at the stored files. */
export function mapFields(type: ResolvedType, note: BundleNote, mediaUrls: Map<string, string>) {
  const target = type.row.definition.fields.map((field) => field.name)
  const values =
    type.row.kind === 'custom'
      ? target.map((name) => note.fields[name] ?? '')
      : type.fieldNames.map((name) => note.fields[name] ?? '')
  const fields: Record<string, string> = {}
  target.forEach((name, index) => {
    let value = values[index] ?? ''
    /* a built-in type with fewer fields than the source's: the rest joins the last field rather than being lost */
    if (
      index === target.length - 1 &&
      type.row.kind !== 'custom' &&
      values.length > target.length
    ) {
      value = [value, ...values.slice(target.length)].filter(Boolean).join('<br>')
    }
    fields[name] = rewriteMedia(value, mediaUrls)
  })
  return fields
}

function rewriteMedia(html: string, urls: Map<string, string>) {
  return html.replace(MEDIA_REF, (whole, before, src, after, sound) => {
    /* the tag stays as Anki wrote it, pointing at the stored file; cards render it as a player */
    if (sound !== undefined) {
      const url = urls.get(sound.trim())
      return url ? `[sound:${url}]` : whole
    }
    const url = urls.get(decodeURIComponent(src))
    return url ? `${before}${url}${after}` : whole
  })
}
