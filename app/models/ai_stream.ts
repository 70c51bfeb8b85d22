import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type AiStreamStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled'
/**
 * what the cards are made from: a document (an uploaded PDF), a prompt (topic, word, custom prompt), a word
 * list (ai_bulk_create)
 */
export type AiStreamKind = 'document' | 'prompt' | 'words'
/** the users' free-tier columns a run may use (User.freeAiPdf / freeAiPrompt / freeAiCardBuilder) */
export type FreeCounter = 'free_ai_pdf' | 'free_ai_prompt' | 'free_ai_card_builder'

/** What the job needs to make the cards again: the request as accepted, the document's text resolved. */
export interface AiStreamRequest {
  format: 'basic' | 'reversed' | 'cloze' | 'mixed'
  detail: 'brief' | 'standard' | 'detailed'
  customPrompt?: string
  userPrompt?: string
  documentId?: number
  words?: string[]
  from?: string
  to?: string
  language?: string
}

/** One AI generation run into a deck (app/actions/ai/*, the `ai_stream` job). */
export default class AiStream extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare deckId: number

  @column()
  declare status: AiStreamStatus

  @column()
  declare kind: AiStreamKind

  @column()
  declare request: AiStreamRequest

  @column()
  declare freeCounter: FreeCounter | null

  @column()
  declare provider: string | null

  @column()
  declare noteIds: number[]

  @column()
  declare maxCards: number

  @column()
  declare errorCode: string | null

  @column.dateTime()
  declare finishedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  get isFinished() {
    return this.status === 'done' || this.status === 'failed' || this.status === 'cancelled'
  }
}
