/* The generator's stream on the page: its server shapes (the Data types) and the client's view of its notes. */
import type { Data } from '~generated/data'

/**
 * A stream as the calls answer it; the web's start and the page's followed
 * stream also name the channel its events come by (forPage).
 */
export type Stream = Data.AiStream & Partial<Pick<Data.AiStream.Variants['forPage'], 'channel'>>
export type Provider = Data.AiStream['activeProvider']
export type FreeTier = Data.AiFreeTier | null
export type Limits = Data.AiLimits
/** A note of the preview: an event's note, or a saved one's sides (notesOf). */
export type StreamNote = { id: number; front: string; back: string }
export type Source = 'document' | 'prompt' | 'words'

export const RUNNING = new Set(['queued', 'running'])
export const notesOf = (stream: Stream): StreamNote[] =>
  stream.notes.map((note) => ({ id: note.id, front: note.front.preview, back: note.back.preview }))
