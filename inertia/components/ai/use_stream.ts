import { useCallback, useEffect, useRef, useState } from 'react'
import { Transmit } from '@adonisjs/transmit-client'
import { requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import { announcedElsewhere } from '~/components/decks/use_deck_polling'
import {
  RUNNING,
  notesOf,
  type FreeTier,
  type Stream,
  type StreamNote,
} from '~/components/ai/stream'

/* the notes in the order they were saved, whichever way each arrived (an event, or a status read) */
const inOrder = (notes: StreamNote[]) => [...notes].sort((a, b) => a.id - b.id)

/**
 * The stream the page started: its notes as they are saved (server-sent
 * events on the deck's channel), its status read once the channel is
 * listened to (notes saved before that are caught up), and every 3 s as well
 * while it runs, so a missed event costs nothing. `live`: the channel is
 * being listened to.
 */
export function useStream(initialFree: FreeTier, followed: Stream | null = null) {
  const [stream, setStream] = useState<Stream | null>(followed)
  const [notes, setNotes] = useState<StreamNote[]>(() => (followed ? notesOf(followed) : []))
  const [freeTier, setFreeTier] = useState<FreeTier>(initialFree)
  const [live, setLive] = useState(false)
  const transmit = useRef<Transmit | null>(null)
  const running = stream !== null && RUNNING.has(stream.status)

  /* only setters inside: one function for the page's life, so the channel's effect need not re-run */
  const show = useCallback((next: Stream) => {
    setStream((before) => ({ ...next, channel: next.channel ?? before?.channel }))
    /*
     * while it runs, a note an event brought stays until a status read has it too; once over, the status says
     * what is left (a cancel may delete)
     */
    setNotes((current) =>
      RUNNING.has(next.status)
        ? inOrder([
            ...notesOf(next),
            ...current.filter((note) => !next.notes.some((saved) => saved.id === note.id)),
          ])
        : notesOf(next)
    )
    setFreeTier(next.freeTier)
    /* this page says it is done: the deck list's poll need not say it again */
    if (!RUNNING.has(next.status)) announcedElsewhere.add(next.deckId)
  }, [])

  const refresh = useCallback(
    async (streamId: number) => {
      try {
        show(await requestJson<Stream>(urlFor('ai.streams.show', { id: streamId })))
      } catch {
        /* the next tick tries again */
      }
    },
    [show]
  )

  useEffect(() => {
    if (!stream?.channel || !running) return
    transmit.current ??= new Transmit({ baseUrl: window.location.origin })
    const subscription = transmit.current.subscription(stream.channel)
    const streamId = stream.streamId
    const stop = subscription.onMessage<any>((event) => {
      if (event?.streamId !== streamId) return
      if (event.type === 'note')
        setNotes((current) =>
          current.some((note) => note.id === event.note.id)
            ? current
            : inOrder([...current, event.note])
        )
      else if (event.type === 'finished') void refresh(streamId)
    })
    void subscription.create().then(
      () => {
        setLive(true)
        void refresh(streamId)
      },
      () => {}
    )
    const timer = window.setInterval(() => void refresh(streamId), 3000)
    return () => {
      stop()
      setLive(false)
      window.clearInterval(timer)
      void subscription.delete().catch(() => {})
    }
  }, [stream?.streamId, stream?.channel, running, refresh])

  useEffect(() => () => transmit.current?.close(), [])

  async function cancel(deleteNotes: boolean) {
    if (!stream) return
    show(
      await requestJson<Stream>(urlFor('ai.streams.destroy', { id: stream.streamId }), {
        method: 'DELETE',
        json: { delete_notes: deleteNotes },
      })
    )
  }

  const reset = () => {
    setStream(null)
    setNotes([])
  }

  return { stream, notes, freeTier, running, live, show, cancel, reset }
}
