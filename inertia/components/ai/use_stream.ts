import { useEffect, useRef, useState } from 'react'
import { Transmit } from '@adonisjs/transmit-client'
import { requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import { announcedElsewhere } from '~/components/decks/use_deck_polling'
import { RUNNING, notesOf, type FreeTier, type Stream, type StreamNote } from '~/components/ai/types'

/**
 * The stream the page started: its notes as they are saved (server-sent
 * events on the deck's channel), and its status asked every 3 s as well
 * while it runs, so a missed event costs nothing.
 */
export function useStream(initialFree: FreeTier) {
  const [stream, setStream] = useState<Stream | null>(null)
  const [notes, setNotes] = useState<StreamNote[]>([])
  const [freeTier, setFreeTier] = useState<FreeTier>(initialFree)
  const transmit = useRef<Transmit | null>(null)
  const running = stream !== null && RUNNING.has(stream.status)

  function show(next: Stream) {
    setStream((before) => ({ ...next, channel: next.channel ?? before?.channel }))
    setNotes(notesOf(next))
    setFreeTier(next.freeTier)
    /* this page says it is done: the deck list's poll need not say it again */
    if (!RUNNING.has(next.status)) announcedElsewhere.add(next.deckId)
  }

  async function refresh(streamId: number) {
    try {
      show(await requestJson<Stream>(urlFor('ai.streams.show', { id: streamId })))
    } catch {
      /* the next tick tries again */
    }
  }

  useEffect(() => {
    if (!stream?.channel || !running) return
    transmit.current ??= new Transmit({ baseUrl: window.location.origin })
    const subscription = transmit.current.subscription(stream.channel)
    const streamId = stream.streamId
    const stop = subscription.onMessage<any>((event) => {
      if (event?.streamId !== streamId) return
      if (event.type === 'note') setNotes((current) => (current.some((note) => note.id === event.note.id) ? current : [...current, event.note]))
      else if (event.type === 'finished') void refresh(streamId)
    })
    void subscription.create()
    const timer = window.setInterval(() => void refresh(streamId), 3000)
    return () => {
      stop()
      window.clearInterval(timer)
      void subscription.delete().catch(() => {})
    }
  }, [stream?.streamId, stream?.channel, running])

  useEffect(() => () => transmit.current?.close(), [])

  async function cancel(deleteNotes: boolean) {
    if (!stream) return
    show(await requestJson<Stream>(urlFor('ai.streams.destroy', { id: stream.streamId }), { method: 'DELETE', json: { delete_notes: deleteNotes } }))
  }

  const reset = () => {
    setStream(null)
    setNotes([])
  }

  return { stream, notes, freeTier, running, show, cancel, reset }
}
