import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/* The palette the pickers offer; the spec leaves the values to us. */
export const FOLDER_COLORS = [
  'grey',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'violet',
  'pink',
] as const
export type FolderColor = (typeof FOLDER_COLORS)[number]

export default class Folder extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare name: string

  @column()
  declare color: FolderColor

  @column({ columnName: 'emoji_utf16' })
  declare emojiUtf16: string | null

  @column()
  declare position: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
