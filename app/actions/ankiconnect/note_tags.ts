import db from '@adonisjs/lucid/services/db'

/** A new note's tags as AnkiConnect gave them (the note was just made by the learner: no access to check). */
export async function setNoteTags(noteId: number, tags: string[]) {
  await db
    .from('notes')
    .where('id', noteId)
    .update({ tags: JSON.stringify(tags) })
}
