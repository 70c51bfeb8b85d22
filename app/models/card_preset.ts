import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import {
  completeFonts,
  type CardFont,
  type Device,
  type PresetColors,
  type PresetFont,
  type PresetLook,
} from '#services/card_presets/types'

/** A card preset: a built-in one (userId null, a stable key) or a learner's own (migration 0027). */
export default class CardPreset extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number | null

  @column()
  declare key: string | null

  @column()
  declare name: string

  @column()
  declare fontFamily: CardFont

  @column()
  declare fontSettings: Partial<Record<Device, Partial<PresetFont>>>

  @column()
  declare cornerRadius: number

  @column()
  declare borderThickness: number

  @column()
  declare separatorThickness: number

  @column()
  declare colors: PresetColors

  @column()
  declare darkColors: PresetColors

  /** as its author wrote it (shown for editing) */
  @column()
  declare customCss: string

  /** what cards get: customCss confined to the card's frame */
  @column()
  declare scopedCss: string

  @column()
  declare position: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  get isBuiltIn() {
    return this.userId === null
  }

  get look(): PresetLook {
    return {
      fontFamily: this.fontFamily,
      fontSettings: completeFonts(this.fontSettings),
      cornerRadius: this.cornerRadius,
      borderThickness: this.borderThickness,
      separatorThickness: this.separatorThickness,
      colors: this.colors ?? {},
      dark: this.darkColors ?? {},
    }
  }
}
