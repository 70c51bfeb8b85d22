/* The AI text layer's shapes (app/ai/cards.ts re-exports them: import from there). */

export type CardFormat = 'basic' | 'reversed' | 'cloze' | 'mixed'
export type DetailLevel = 'brief' | 'standard' | 'detailed'
type CardSource =
  | { kind: 'document'; text: string; title?: string } // text extracted from a PDF or pasted
  | { kind: 'prompt'; prompt: string } // a topic, a word or a custom prompt
  // vocabulary, optional translation languages (ISO codes)
  | { kind: 'words'; words: string[]; from?: string; to?: string }
export type CardRequest = {
  source: CardSource
  format: CardFormat
  detail: DetailLevel
  customPrompt?: string
  maxCards: number
  language?: string
  /** the fronts of the cards a resumed run already saved: never made again */
  made?: string[]
}
/** cloze: `front` holds the text with {{c1::…}} deletions, `back` optional extra text. Plain text or simple HTML. */
export type GeneratedCard = { kind: 'basic' | 'cloze'; front: string; back: string }
export type GenerationRun = {
  provider: 'openai' | 'anthropic' | 'offline'
  cards: AsyncIterable<GeneratedCard>
}
