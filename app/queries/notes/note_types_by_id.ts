import NoteType from '#models/note_type'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** The note types these ids name, each read once, by id: one statement for a page of notes or cards. */
export async function noteTypesById(ids: number[], client?: QueryClientContract) {
  const unique = [...new Set(ids)]
  const types = unique.length ? await NoteType.query({ client }).whereIn('id', unique) : []
  return new Map(types.map((type) => [type.id, type]))
}
