import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for OpenAI's speech endpoint (POST /v1/audio/speech,
 * https://platform.openai.com/docs/api-reference/audio/createSpeech): a JSON
 * body {model, input, voice, response_format}, a bearer key, and the audio
 * as the body (a short WAV here). Errors in OpenAI's format ({error:
 * {message, type, code}}): 401 for a wrong key, 429 when `rateLimited`.
 * Any OpenAI-compatible server (vLLM, LocalAI, …) answers the same way.
 */
export const OPENAI_SPEECH_TEST_KEY = 'sk-speech-test'

export const speechState = {
  requests: [] as { model: string; input: string; voice: string; response_format?: string }[],
  rateLimited: false,
}

/** A WAV of `samples` silent 16-bit mono samples at 24 kHz (OpenAI's rate). */
function silentWav(samples = 2400) {
  const data = samples * 2
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(36 + data, 4)
  header.write('WAVE', 8, 'latin1')
  header.write('fmt ', 12, 'latin1')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(24000, 24)
  header.writeUInt32LE(48000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(data, 40)
  return Buffer.concat([header, Buffer.alloc(data)])
}

let server: Server | undefined

export async function startOpenAiSpeechServer() {
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const fail = (status: number, type: string, code: string, message: string) => {
        response.writeHead(status, { 'Content-Type': 'application/json' })
        response.end(JSON.stringify({ error: { message, type, param: null, code } }))
      }
      if (
        request.method !== 'POST' ||
        new URL(request.url ?? '/', 'http://x').pathname !== '/v1/audio/speech'
      ) {
        return fail(404, 'invalid_request_error', 'unknown_url', 'Unknown request URL')
      }
      if (request.headers.authorization !== `Bearer ${OPENAI_SPEECH_TEST_KEY}`)
        return fail(401, 'invalid_request_error', 'invalid_api_key', 'Incorrect API key provided')
      if (speechState.rateLimited)
        return fail(429, 'requests', 'rate_limit_exceeded', 'Rate limit reached for requests')
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
      if (!body.model || !body.input || !body.voice)
        return fail(
          400,
          'invalid_request_error',
          'missing_required_parameter',
          'model, input and voice are required'
        )
      speechState.requests.push(body)
      response.writeHead(200, {
        'Content-Type': body.response_format === 'wav' ? 'audio/wav' : 'audio/mpeg',
      })
      response.end(silentWav())
    })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
}

export async function stopOpenAiSpeechServer() {
  const running = server
  server = undefined
  if (running) await new Promise((resolve) => running.close(resolve))
}
