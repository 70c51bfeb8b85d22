import OpenAI from 'openai'
import Anthropic from '@anthropic-ai/sdk'
import { providerConfig, type ProviderConfig, type ProviderName } from '#ai/config'
import { providerError, isAbort } from '#ai/errors'

/*
 * One text-generation interface with two real adapters: the `openai` SDK's
 * Chat Completions (OpenAI itself, or any compatible server at AI_BASE_URL:
 * Ollama, vLLM, LM Studio…) and the `@anthropic-ai/sdk` Messages API. Both
 * stream; the SDKs' own retries (bounded by AI_MAX_RETRIES, exponential
 * backoff honouring Retry-After) handle 408/409/429/5xx/529, and their
 * timeout bounds each attempt. Errors leave here as ApiExceptions of the
 * catalogue (app/ai/errors.ts).
 */

type TextRequest = { system: string; user: string; maxTokens?: number }

export interface TextProvider {
  name: ProviderName
  model: string
  /** The model's answer as it is written, piece by piece. Ends quietly when `signal` aborts. */
  stream(request: TextRequest, signal?: AbortSignal): AsyncIterable<string>
  /** The whole answer at once (one non-streamed call). */
  complete(request: TextRequest, signal?: AbortSignal): Promise<string>
}

const DEFAULT_MAX_TOKENS = 2048

/**
 * A provider's stream with what every adapter needs around it: the caller's abort ends it
 * quietly (and the HTTP request with it), a stream that sends nothing for `idleMs` (the SDKs'
 * timeout stops at the response headers) is E_AI_PROVIDER, any other failure the catalogue's.
 */
async function* guarded(
  signal: AbortSignal | undefined,
  idleMs: number,
  open: (inner: AbortSignal) => AsyncIterable<string>
) {
  const inner = new AbortController()
  const forward = () => inner.abort()
  signal?.addEventListener('abort', forward, { once: true })
  let stalled = false
  let timer: NodeJS.Timeout | undefined
  const arm = () => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      stalled = true
      inner.abort()
    }, idleMs)
  }
  try {
    arm()
    for await (const piece of open(inner.signal)) {
      arm()
      yield piece
    }
    if (stalled) throw new Error(`the provider sent nothing for ${idleMs} ms`)
  } catch (error) {
    if (stalled) throw providerError(new Error(`the provider sent nothing for ${idleMs} ms`))
    if (isAbort(error, signal)) return
    throw providerError(error)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', forward)
    inner.abort()
  }
}

class OpenAIProvider implements TextProvider {
  name = 'openai' as const
  model: string
  #client: OpenAI
  #idleMs: number

  constructor(config: ProviderConfig) {
    this.model = config.model
    this.#idleMs = config.timeoutMs
    this.#client = new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseURL,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
    })
  }

  #messages(request: TextRequest) {
    return [
      { role: 'system' as const, content: request.system },
      { role: 'user' as const, content: request.user },
    ]
  }

  stream(request: TextRequest, signal?: AbortSignal) {
    return guarded(
      signal,
      this.#idleMs,
      async function* (this: OpenAIProvider, inner: AbortSignal) {
        const stream = await this.#client.chat.completions.create(
          {
            model: this.model,
            messages: this.#messages(request),
            stream: true,
            max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
          },
          { signal: inner }
        )
        for await (const chunk of stream) {
          const piece = chunk.choices?.[0]?.delta?.content
          if (piece) yield piece
        }
      }.bind(this)
    )
  }

  async complete(request: TextRequest, signal?: AbortSignal) {
    try {
      const answer = await this.#client.chat.completions.create(
        {
          model: this.model,
          messages: this.#messages(request),
          max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
        },
        { signal }
      )
      return answer.choices?.[0]?.message?.content ?? ''
    } catch (error) {
      throw providerError(error)
    }
  }
}

class AnthropicProvider implements TextProvider {
  name = 'anthropic' as const
  model: string
  #client: Anthropic
  #idleMs: number

  constructor(config: ProviderConfig) {
    this.model = config.model
    this.#idleMs = config.timeoutMs
    this.#client = new Anthropic({
      apiKey: config.apiKey,
      baseURL: config.baseURL,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
    })
  }

  stream(request: TextRequest, signal?: AbortSignal) {
    return guarded(
      signal,
      this.#idleMs,
      async function* (this: AnthropicProvider, inner: AbortSignal) {
        const stream = await this.#client.messages.create(
          {
            model: this.model,
            max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
            system: request.system,
            messages: [{ role: 'user', content: request.user }],
            stream: true,
          },
          { signal: inner }
        )
        for await (const event of stream) {
          if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
            yield event.delta.text
        }
      }.bind(this)
    )
  }

  async complete(request: TextRequest, signal?: AbortSignal) {
    try {
      const message = await this.#client.messages.create(
        {
          model: this.model,
          max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
          system: request.system,
          messages: [{ role: 'user', content: request.user }],
        },
        { signal }
      )
      return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
    } catch (error) {
      throw providerError(error)
    }
  }
}

let cached: { key: string; provider: TextProvider } | undefined

/** The configured provider's adapter (built once per configuration), or null offline. */
export function configuredProvider(): TextProvider | null {
  const config = providerConfig()
  if (!config) return null
  const key = JSON.stringify(config)
  if (cached?.key !== key) {
    cached = {
      key,
      provider:
        config.name === 'openai' ? new OpenAIProvider(config) : new AnthropicProvider(config),
    }
  }
  return cached.provider
}

/** The configured provider; callers check activeProviderName() first. */
export function textProvider(): TextProvider {
  const provider = configuredProvider()
  if (!provider) throw new Error('no AI provider is configured')
  return provider
}

export function activeProviderName(): ProviderName | 'offline' {
  return providerConfig()?.name ?? 'offline'
}
