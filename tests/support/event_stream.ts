import { randomUUID } from 'node:crypto'
import type { WebSession } from '#tests/support/web_session'

/**
 * An open event stream (transmit's GET /__transmit/events, on `base`: another node) and the events it has
 * carried so far.
 */
export async function eventStream(web: WebSession, base = web.base) {
  const uid = randomUUID()
  const controller = new AbortController()
  const response = await fetch(`${base}/__transmit/events?uid=${uid}`, {
    headers: {
      cookie: [...web.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      accept: 'text/event-stream',
    },
    signal: controller.signal,
  })
  const events: any[] = []
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) return
      buffer += decoder.decode(value, { stream: true })
      let end
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('')
        if (data) events.push(JSON.parse(data))
      }
    }
  })()
  return {
    uid,
    status: response.status,
    headers: response.headers,
    events,
    close: async () => {
      controller.abort()
      await reading
    },
  }
}
