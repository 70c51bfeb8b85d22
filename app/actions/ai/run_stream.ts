import db from '@adonisjs/lucid/services/db'
import { withTransaction, type ActionOptions } from '#actions/action'
import type { JobPayload } from '#services/queue'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import ApiException from '#exceptions/api_exception'
import AiStream, { type AiStreamStatus } from '#models/ai_stream'
import Deck from '#models/deck'
import NoteType from '#models/note_type'
import User from '#models/user'
import { saveNote } from '#actions/notes/save_note'
import { giveBackFreeGeneration } from '#actions/ai/generation_limits'
import { generateCards, type CardRequest, type GeneratedCard } from '#ai/cards'
import { broadcastStreamEvent } from '#services/ai_events'
import { plainPreview } from '#actions/ai/stream_notes'
import { remainingWords } from '#ai/resume'

/** how often the job looks for a cancel while the provider is still writing (ms) */
const CANCEL_CHECK_MS = 250

/* the save stopped: the stream was cancelled, or its deck is gone */
class Stopped extends Error {}

/**
 * The `ai_stream` job: asks the AI layer (app/ai/cards.ts) for cards and
 * saves each one as it comes, through the note-creation step (saveNote),
 * in a transaction of its own that locks the stream's row first: a cancel
 * (which takes the same lock) either comes before a note and the note is
 * not written, or after it and sees it. A crash never leaves half a note,
 * and the notes made before it stay. The deck's card limit and a guest's
 * cards limit are checked on every note; reaching one ends the run early.
 *
 * A cancel is noticed between cards and, while the provider is still
 * writing, by a check of the row every CANCEL_CHECK_MS that aborts the
 * provider call (AbortSignal).
 */
export async function runStream(payload: JobPayload<'ai_stream'>, options: ActionOptions = {}) {
  const { streamId } = payload
  const stream = await AiStream.find(streamId)
  if (!stream || stream.isFinished) return
  const started = await db
    .from('ai_streams')
    .where('id', streamId)
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'running', updated_at: new Date() })
  if (!started) return
  const user = await User.findOrFail(stream.userId)
  const controller = new AbortController()
  const watch = setInterval(() => void watchCancel(streamId, controller), CANCEL_CHECK_MS)
  let count = stream.noteIds.length
  try {
    const request = await cardRequest(stream, count)
    const run = generateCards(request, { signal: controller.signal })
    await db.from('ai_streams').where('id', streamId).update({ provider: run.provider })
    const types = await noteTypes()
    for await (const card of run.cards) {
      if (controller.signal.aborted) break
      const note = await saveCard(stream, user, card, types, options)
      count += 1
      await reportProgress(stream.deckId, count)
      await broadcastStreamEvent(stream.deckId, {
        type: 'note',
        streamId,
        count,
        note: {
          id: note.id,
          kind: card.kind,
          front: plainPreview(card.front),
          back: plainPreview(card.back),
        },
      })
      if (count >= stream.maxCards) break
    }
    if (controller.signal.aborted) return
    await finish(
      stream,
      count ? 'done' : 'failed',
      count ? null : 'E_AI_NOTHING_GENERATED',
      options
    )
  } catch (error) {
    if (error instanceof Stopped) return
    const code = error instanceof ApiException ? (error.code ?? 'E_AI_PROVIDER') : 'E_AI_PROVIDER'
    if (!(error instanceof ApiException)) logger.error({ err: error, streamId }, 'AI stream failed')
    /* the deck's limit or a guest's: the notes made so far stay, the run ends there */
    const limit = code === 'E_CARDS_LIMIT_REACHED' || code === 'E_GUEST_CARDS_LIMIT'
    await finish(stream, limit && count ? 'done' : 'failed', code, options)
  } finally {
    clearInterval(watch)
    controller.abort()
  }
}

async function watchCancel(streamId: number, controller: AbortController) {
  if (controller.signal.aborted) return
  try {
    const row = await db.from('ai_streams').where('id', streamId).select('status').first()
    if (!row || row.status === 'cancelled') controller.abort()
  } catch {
    /* the next check tries again */
  }
}

/* the poll's counter: only while the deck is still this stream's (a cancel may have ended it meanwhile) */
async function reportProgress(deckId: number, processed: number) {
  await db
    .from('decks')
    .where('id', deckId)
    .where('state', 'ai_notes_generation')
    .update({
      processing: db.raw(`processing || jsonb_build_object('processed', ?::int)`, [processed]),
    })
}

/*
 * What the AI layer is asked: the stream's request, the document's text, the
 * cards still to make. A stream another worker began (that worker died) goes
 * on where it stopped: the fronts of the notes it saved are never made again,
 * and a word list is cut to the words without a card.
 */
async function cardRequest(stream: AiStream, made: number): Promise<CardRequest> {
  const request = stream.request
  const maxCards = Math.max(1, stream.maxCards - made)
  const fronts = made ? await savedFronts(stream.noteIds) : []
  const common = {
    format: request.format,
    detail: request.detail,
    maxCards,
    ...(fronts.length ? { made: fronts } : {}),
    ...(request.customPrompt ? { customPrompt: request.customPrompt } : {}),
    ...(request.language ? { language: request.language } : {}),
  }
  if (stream.kind === 'document') {
    const document = await db
      .from('ai_documents')
      .where('id', request.documentId!)
      .select('text', 'file_name')
      .first()
    if (!document) throw ApiException.of('E_AI_NOTHING_GENERATED', { apiField: 'document_id' })
    /* a prompt sent with a document says what to take from it: it joins the custom instructions */
    return {
      ...common,
      ...(request.userPrompt
        ? { customPrompt: [request.customPrompt, request.userPrompt].filter(Boolean).join('\n') }
        : {}),
      source: {
        kind: 'document',
        text: document.text,
        title: String(document.file_name).replace(/\.pdf$/i, ''),
      },
    }
  }
  if (stream.kind === 'words') {
    return {
      ...common,
      source: {
        kind: 'words',
        words: remainingWords(request.words ?? [], fronts),
        ...(request.from ? { from: request.from } : {}),
        ...(request.to ? { to: request.to } : {}),
      },
    }
  }
  return { ...common, source: { kind: 'prompt', prompt: request.userPrompt ?? '' } }
}

/* the fronts (cloze: the text) of the notes a stream saved */
async function savedFronts(noteIds: number[]) {
  const rows = await db
    .from('notes')
    .whereIn('id', noteIds)
    .select(db.raw(`coalesce(fields->>'Front', fields->>'Text', '') as front`))
  return rows.map((row: { front: string }) => row.front)
}

type Types = { basic: number; cloze: number }

async function noteTypes(): Promise<Types> {
  const rows = await NoteType.query().whereNull('user_id').whereIn('kind', ['basic', 'cloze'])
  const of = (kind: string) => rows.find((row) => row.kind === kind)!.id
  return { basic: of('basic'), cloze: of('cloze') }
}

/* one note, in its own transaction, only while the stream runs */
async function saveCard(
  stream: AiStream,
  user: User,
  card: GeneratedCard,
  types: Types,
  options: ActionOptions
) {
  return withTransaction(options.trx, async (trx) => {
    const row = await trx
      .from('ai_streams')
      .where('id', stream.id)
      .forUpdate()
      .select('status')
      .first()
    if (!row || row.status !== 'running') throw new Stopped()
    const deck = await Deck.query({ client: trx }).where('id', stream.deckId).first()
    if (!deck) throw new Stopped()
    const input =
      card.kind === 'cloze'
        ? { noteTypeId: types.cloze, fields: { 'Text': card.front, 'Back Extra': card.back } }
        : {
            noteTypeId: types.basic,
            fields: { Front: card.front, Back: card.back },
            reverse: stream.request.format === 'reversed',
          }
    const note = await saveNote(user, { ...input, deck }, trx)
    await trx.rawQuery(
      'update ai_streams set note_ids = array_append(note_ids, ?), updated_at = now() where id = ?',
      [note.id, stream.id]
    )
    return note
  })
}

/**
 * The run's end: the stream's status and the deck back to what it was, with
 * the count for the finished toast. A run that made nothing gives the free
 * generation back. A cancelled stream was ended by the cancel itself.
 */
async function finish(
  stream: AiStream,
  status: AiStreamStatus,
  errorCode: string | null,
  options: ActionOptions
) {
  const ended = await withTransaction(options.trx, async (trx) => {
    const row = await trx.from('ai_streams').where('id', stream.id).forUpdate().first()
    if (!row || row.status !== 'running') return null
    await trx
      .from('ai_streams')
      .where('id', stream.id)
      .update({ status, error_code: errorCode, finished_at: new Date(), updated_at: new Date() })
    const count = row.note_ids.length
    await endDeckGeneration(stream.deckId, count, stream.id, trx)
    if (count === 0) await giveBackFreeGeneration(stream.userId, row.free_counter, trx)
    return count
  })
  if (ended !== null)
    await broadcastStreamEvent(stream.deckId, {
      type: 'finished',
      streamId: stream.id,
      status,
      count: ended,
      errorCode,
    })
}

/** The deck leaves `ai_notes_generation` for the state it had, its counters the notes made (the poll's toast). */
export async function endDeckGeneration(
  deckId: number,
  count: number,
  streamId: number,
  trx: TransactionClientContract
) {
  const deck = await Deck.query({ client: trx }).where('id', deckId).forUpdate().first()
  if (!deck || deck.state !== 'ai_notes_generation') return
  deck.merge({
    state: deck.processing?.previousState ?? 'active',
    processing: { total: count, processed: count, count, streamId },
  })
  await deck.useTransaction(trx).save()
}
