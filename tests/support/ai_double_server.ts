import { createServer, type Server, type IncomingMessage, type ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'

/**
 * A local stand-in for the two AI APIs the adapters speak (app/ai/providers.ts):
 * OpenAI's Chat Completions (`POST …/chat/completions`, what Ollama and vLLM
 * also serve) and Anthropic's Messages (`POST /v1/messages`), each streamed
 * as server-sent events in that API's exact event format, or answered whole,
 * with the APIs' own error bodies (429 rate limits, 500s, Anthropic's 529
 * "overloaded"). Started on a free port by tests/bootstrap.ts; tests script
 * what it answers next (scriptAi) and read what it was sent (aiState.calls).
 * Nothing here touches the app: the cluster smoke (bin/smoke_cluster.ts)
 * runs it beside processes of its own; tests/support/ai_server.ts points
 * the tests' app at it.
 */

export const AI_TEST_KEY = 'sk-ai-double'

export type AiScript =
  /** an answer: `text` as is, or `cards` as JSON Lines; streamed in `chunks` pieces when the request streams */
  | { text?: string; cards?: object[]; chunks?: number; endless?: false; holdAfter?: number }
  /** a stream that never ends by itself: one card per piece, every `everyMs`, until the client hangs up */
  | { endless: true; everyMs?: number }
  /**
   * a vocabulary answer: one card per word of the request's list (its `- word` lines), one per piece, every
   * `everyMs`
   */
  | { words: true; everyMs?: number }
  /** an error answer in the provider's format */
  | { status: 400 | 401 | 429 | 500 | 503 | 529; midStream?: false }
  /** a stream that starts, then sends nothing more until the client hangs up */
  | { stall: true }
  /** a stream that starts, sends `cards`, then fails with an error event (Anthropic) or a cut connection (OpenAI) */
  | { midStream: true; cards: object[]; status?: undefined }

/**
 * a call the double received; `remotePort` is the caller's end of the connection (which process called, for
 * the cluster smoke)
 */
export type AiCall = {
  api: 'openai' | 'anthropic'
  path: string
  body: any
  headers: IncomingMessage['headers']
  remotePort?: number
}

export const aiState = {
  queue: [] as AiScript[],
  calls: [] as AiCall[],
  /** streams the client closed before the double finished them */
  hangUps: 0,
  /** pieces written to the stream that was hung up on */
  piecesBeforeHangUp: 0,
  /** what it answers when nothing is scripted */
  fallback: {
    cards: [
      { kind: 'basic', front: 'What is the capital of France?', back: 'Paris' },
      { kind: 'basic', front: 'What is the capital of Italy?', back: 'Rome' },
      { kind: 'cloze', front: '{{c1::Madrid}} is the capital of Spain.', back: '' },
    ],
  } as AiScript,
}

/** The answers of the next calls, in order (then the fallback). */
export function scriptAi(...scripts: AiScript[]) {
  aiState.queue.push(...scripts)
}

export function resetAi() {
  aiState.queue = []
  aiState.calls = []
  aiState.hangUps = 0
  aiState.piecesBeforeHangUp = 0
}

let server: Server | undefined
let baseUrl = ''

/** The settings that point an app process at the double as `provider`. */
export function aiDoubleEnv(provider: 'openai' | 'anthropic') {
  return {
    AI_PROVIDER: provider,
    AI_API_KEY: AI_TEST_KEY,
    AI_BASE_URL: provider === 'openai' ? `${baseUrl}/v1` : baseUrl,
    AI_MODEL: provider === 'openai' ? 'double-gpt' : 'double-claude',
  }
}

const id = (prefix: string) => `${prefix}${randomBytes(10).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)

function answerText(script: AiScript): string {
  if ('text' in script && script.text !== undefined) return script.text
  if ('cards' in script && script.cards)
    return script.cards.map((card) => JSON.stringify(card)).join('\n') + '\n'
  return ''
}

/** A text cut in `count` pieces (at least one character each). */
function pieces(text: string, count: number) {
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, count)))
  const out: string[] = []
  for (let index = 0; index < text.length; index += size) out.push(text.slice(index, index + size))
  return out
}

const OPENAI_ERRORS: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request.' },
  401: {
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    message: 'Incorrect API key provided.',
  },
  429: {
    type: 'requests',
    code: 'rate_limit_exceeded',
    message: 'Rate limit reached for requests.',
  },
  500: {
    type: 'server_error',
    code: null,
    message: 'The server had an error while processing your request.',
  },
  503: { type: 'server_error', code: null, message: 'The engine is currently overloaded.' },
  529: { type: 'server_error', code: null, message: 'Overloaded.' },
}

const ANTHROPIC_ERRORS: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  429: {
    type: 'rate_limit_error',
    message: 'Number of request tokens has exceeded your per-minute rate limit.',
  },
  500: { type: 'api_error', message: 'Internal server error' },
  503: { type: 'api_error', message: 'Service unavailable' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

function sendError(res: ServerResponse, api: AiCall['api'], status: number) {
  /* a short Retry-After, as the providers send one, so the SDKs' backoff stays quick in tests */
  const headers = { 'retry-after-ms': '5', 'retry-after': '0' }
  if (api === 'openai')
    return sendJson(res, status, { error: { ...OPENAI_ERRORS[status], param: null } }, headers)
  return sendJson(
    res,
    status,
    { type: 'error', error: ANTHROPIC_ERRORS[status] },
    { ...headers, 'request-id': id('req_') }
  )
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Writes server-sent events until done or until the client hangs up; true when it hung up. */
async function writeEvents(res: ServerResponse, events: Iterable<string>, everyMs = 0) {
  let written = 0
  let closed = false
  res.on('close', () => (closed = !res.writableFinished))
  for (const event of events) {
    if (closed || res.destroyed) break
    res.write(event)
    written++
    await wait(everyMs)
  }
  if (closed || res.destroyed) {
    aiState.hangUps++
    aiState.piecesBeforeHangUp = written
    return true
  }
  return false
}

/** Writes the opening events, then waits for the client to hang up. */
async function stall(res: ServerResponse, opening: string[]) {
  for (const event of opening) res.write(event)
  await new Promise<void>((resolve) => res.on('close', () => resolve()))
  aiState.hangUps++
}

/* the word list of a vocabulary prompt (app/ai/prompts.ts lists the words as `- word` lines) */
export function requestedWords(body: any) {
  const user = (body.messages ?? [])
    .filter((message: any) => message.role === 'user')
    .map((message: any) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content)
    )
    .join('\n')
  return [...user.matchAll(/^- (.+)$/gm)].map((match) => match[1])
}

function wordCards(body: any) {
  return requestedWords(body).map(
    (word) => JSON.stringify({ kind: 'basic', front: word, back: `the meaning of ${word}` }) + '\n'
  )
}

function* endlessCards() {
  for (let index = 1; ; index++)
    yield (
      JSON.stringify({
        kind: 'basic',
        front: `Endless question ${index}?`,
        back: `Answer ${index}`,
      }) + '\n'
    )
}

function openaiChunk(model: string, chatId: string, delta: object, finish: string | null = null) {
  return (
    `data: ` +
    `${JSON.stringify({
      id: chatId,
      object: 'chat.completion.chunk',
      created: now(),
      model,
      system_fingerprint: 'fp_double',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    })}\n\n`
  )
}

async function openai(req: IncomingMessage, res: ServerResponse, body: any, script: AiScript) {
  if (req.headers.authorization !== `Bearer ${AI_TEST_KEY}`) return sendError(res, 'openai', 401)
  if ('status' in script && script.status) return sendError(res, 'openai', script.status)
  const model = body.model
  const chatId = id('chatcmpl-')
  if (!body.stream) {
    return sendJson(res, 200, {
      id: chatId,
      object: 'chat.completion',
      created: now(),
      model,
      system_fingerprint: 'fp_double',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: answerText(script), refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 20, completion_tokens: 30, total_tokens: 50 },
    })
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'connection': 'keep-alive',
  })
  const head = openaiChunk(model, chatId, { role: 'assistant', content: '', refusal: null })
  if ('stall' in script) return stall(res, [head])
  if ('endless' in script && script.endless) {
    const events = (function* () {
      yield head
      for (const piece of endlessCards()) yield openaiChunk(model, chatId, { content: piece })
    })()
    await writeEvents(res, events, script.everyMs ?? 15)
    return res.end()
  }
  if ('words' in script) {
    const events = [
      head,
      ...wordCards(body).map((piece) => openaiChunk(model, chatId, { content: piece })),
      openaiChunk(model, chatId, {}, 'stop'),
      'data: [DONE]\n\n',
    ]
    if (!(await writeEvents(res, events, script.everyMs ?? 15))) res.end()
    return
  }
  if ('midStream' in script && script.midStream) {
    const text = answerText({ cards: script.cards })
    await writeEvents(res, [head, openaiChunk(model, chatId, { content: text })])
    /* OpenAI reports a failure after the headers as an error object in the stream */
    res.write(`data: ${JSON.stringify({ error: { ...OPENAI_ERRORS[500], param: null } })}\n\n`)
    return res.end()
  }
  const text = answerText(script)
  const chunks = pieces(text, 'chunks' in script && script.chunks ? script.chunks : 12)
  const events = [
    head,
    ...chunks.map((piece) => openaiChunk(model, chatId, { content: piece })),
    openaiChunk(model, chatId, {}, 'stop'),
    'data: [DONE]\n\n',
  ]
  const hungUp = await writeEvents(res, events, 2)
  if (!hungUp) res.end()
}

const anthropicEvent = (type: string, data: object) =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`

async function anthropic(req: IncomingMessage, res: ServerResponse, body: any, script: AiScript) {
  /* Anthropic's key header, or a bearer token as the SDK (1.x) sends the key */
  if (
    req.headers['x-api-key'] !== AI_TEST_KEY &&
    req.headers.authorization !== `Bearer ${AI_TEST_KEY}`
  )
    return sendError(res, 'anthropic', 401)
  if (!req.headers['anthropic-version']) return sendError(res, 'anthropic', 400)
  if ('status' in script && script.status) return sendError(res, 'anthropic', script.status)
  const model = body.model
  const messageId = id('msg_')
  const usage = {
    input_tokens: 20,
    output_tokens: 1,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  }
  if (!body.stream) {
    return sendJson(
      res,
      200,
      {
        id: messageId,
        type: 'message',
        role: 'assistant',
        model,
        content: [{ type: 'text', text: answerText(script) }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { ...usage, output_tokens: 30 },
      },
      { 'request-id': id('req_') }
    )
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'request-id': id('req_'),
  })
  const head = [
    anthropicEvent('message_start', {
      message: {
        id: messageId,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage,
      },
    }),
    anthropicEvent('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    anthropicEvent('ping', {}),
  ]
  const delta = (text: string) =>
    anthropicEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text } })
  if ('stall' in script) return stall(res, head)
  const tail = [
    anthropicEvent('content_block_stop', { index: 0 }),
    anthropicEvent('message_delta', {
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 30 },
    }),
    anthropicEvent('message_stop', {}),
  ]
  if ('endless' in script && script.endless) {
    const events = (function* () {
      yield* head
      for (const piece of endlessCards()) yield delta(piece)
    })()
    await writeEvents(res, events, script.everyMs ?? 15)
    return res.end()
  }
  if ('midStream' in script && script.midStream) {
    await writeEvents(res, [...head, delta(answerText({ cards: script.cards }))])
    res.write(anthropicEvent('error', { error: ANTHROPIC_ERRORS[529] }))
    return res.end()
  }
  const chunks = pieces(
    answerText(script),
    'chunks' in script && script.chunks ? script.chunks : 12
  )
  const hungUp = await writeEvents(res, [...head, ...chunks.map(delta), ...tail], 2)
  if (!hungUp) res.end()
}

async function readBody(req: IncomingMessage) {
  const parts: Buffer[] = []
  for await (const part of req) parts.push(part as Buffer)
  const text = Buffer.concat(parts).toString('utf8')
  return text ? JSON.parse(text) : {}
}

/** Starts the double on `port` (0: any free one); resolves to its URL. */
export async function startAiServer(port = 0) {
  server = createServer(async (req, res) => {
    try {
      const body = await readBody(req)
      const path = (req.url ?? '').split('?')[0]
      const api = path.endsWith('/chat/completions')
        ? 'openai'
        : path.endsWith('/v1/messages')
          ? 'anthropic'
          : null
      if (req.method !== 'POST' || !api)
        return sendJson(res, 404, { error: { message: `Unknown path ${path}` } })
      aiState.calls.push({
        api,
        path,
        body,
        headers: req.headers,
        remotePort: req.socket.remotePort,
      })
      const script = aiState.queue.shift() ?? aiState.fallback
      await (api === 'openai' ? openai(req, res, body, script) : anthropic(req, res, body, script))
    } catch (error) {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } })
      else res.end()
    }
  })
  await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return baseUrl
}

export async function stopAiServer() {
  server?.closeAllConnections()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
}
