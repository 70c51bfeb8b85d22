import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A library category (no parent) or subcategory; its name is the translation `library.categories.<key>`. */
export default class LibraryCategory extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare parentId: number | null

  @column()
  declare key: string

  @column()
  declare icon: string

  @column()
  declare gradientFrom: string

  @column()
  declare gradientTo: string

  @column()
  declare position: number
}
