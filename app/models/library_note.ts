import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { FieldAttachmentsMap, NoteFields } from '#note_types/types'

/** A note as one revision of a library deck holds it (a frozen copy of the author's note). */
export default class LibraryNote extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare revisionId: number

  @column()
  declare publicDeckId: number

  @column()
  declare guid: string

  /** subdeck names from the root down to the note's deck; [] for the root itself */
  @column()
  declare deckPath: string[]

  @column()
  declare noteTypeId: number

  @column()
  declare fields: NoteFields

  @column()
  declare fieldAttachmentsMap: FieldAttachmentsMap

  @column()
  declare tags: string[]

  @column()
  declare isReversed: boolean

  @column()
  declare sortText: string

  @column()
  declare searchText: string

  @column()
  declare hasImage: boolean

  @column()
  declare hasAudio: boolean

  @column()
  declare cardsCount: number

  /** the ordinals of the author's cards when the revision was made (null: a revision from before they were kept) */
  @column()
  declare cardOrds: number[] | null

  @column()
  declare position: number
}
