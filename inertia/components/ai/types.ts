/* The generator page's shapes (pages/ai/generate.tsx), as the server sends them. */
export type Provider = 'openai' | 'anthropic' | 'offline'
export type FreeTier = { aiGenWithPrompt: number; aiGenWithPdf: number; aiGenCardBuilder: number } | null
export type Limits = { maxCards: number; freeMaxCards: number; premiumMaxCards: number; pdfMaxMb: number; maxPages: number }
export type StreamNote = { id: number; front: string; back: string }
export type Stream = {
  streamId: number
  deckId: number
  deckName: string
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled'
  count: number
  maxCards: number
  error: { code: string } | null
  freeTier: FreeTier
  channel?: string
  notes: { id: number; front: { preview: string }; back: { preview: string } }[]
}
export type Source = 'document' | 'prompt' | 'words'

export const RUNNING = new Set(['queued', 'running'])
export const notesOf = (stream: Stream): StreamNote[] => stream.notes.map((note) => ({ id: note.id, front: note.front.preview, back: note.back.preview }))
