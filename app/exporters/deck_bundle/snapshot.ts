import type { MediaRow } from '#exporters/deck_bundle/media'

/* A deck as its bundle is made from: the rows app/queries/exports/read_deck.ts reads in one snapshot. */

export interface DeckRow {
  id: number
  name: string
  parent_id: number | null
  position: number
  depth: number
}
export interface NoteRow {
  id: number
  deck_id: number
  note_type_id: number
  guid: string
  fields: Record<string, string>
  field_attachments_map: Record<string, any> | null
  tags: string[] | null
  is_reversed: boolean
  user_id: number
  created_at?: Date | string
  /** fields as an imported package had them, where the import changed them (migration 0040) */
  source_fields?: Record<string, { source: string; stored: string }> | null
}
export interface CardRow {
  id: number
  note_id: number
  deck_id: number
  ord: number
  created_at?: Date | string
}

export interface DeckSnapshot {
  decks: DeckRow[]
  notes: NoteRow[]
  /** note_types rows: id, kind, name, fields, templates, css */
  noteTypes: any[]
  cards: CardRow[]
  media: MediaRow[]
  /** card_progress rows (none unless progress is asked for) */
  progress: any[]
  /** review_logs rows (none unless progress is asked for) */
  reviews: any[]
  /** the cards the learner removed from study (none unless progress is asked for) */
  suspended?: number[]
  /** the cards buried until a time still ahead (none unless progress is asked for) */
  burials?: { card_id: number; manual: boolean }[]
}
