import OpenAI from 'openai'
import Anthropic from '@anthropic-ai/sdk'
import ApiException from '#exceptions/api_exception'

/** Whether an error is the end of a call the caller aborted (not a failure to report). */
export function isAbort(error: unknown, signal?: AbortSignal) {
  return (
    Boolean(signal?.aborted) ||
    error instanceof OpenAI.APIUserAbortError ||
    error instanceof Anthropic.APIUserAbortError
  )
}

/**
 * A provider's failure as the catalogue's error, once the SDK's own retries
 * are spent: a rate limit (429, also Anthropic's 529 "overloaded") is
 * E_AI_RATE_LIMITED, anything else (5xx, a refused key, a timeout, a
 * connection that failed) E_AI_PROVIDER, 502. The provider's message is kept
 * for the log only; clients get the translated one.
 */
export function providerError(error: unknown): ApiException {
  if (error instanceof ApiException) return error
  const status =
    error instanceof OpenAI.APIError || error instanceof Anthropic.APIError
      ? (error.status as number | undefined)
      : undefined
  const cause = error instanceof Error ? error.message : String(error)
  if (status === 429 || status === 529) {
    return ApiException.of('E_AI_RATE_LIMITED', { extra: { provider_status: String(status) } })
  }
  const exception = ApiException.of(
    'E_AI_PROVIDER',
    status ? { extra: { provider_status: String(status) } } : {}
  )
  exception.cause = cause
  return exception
}

/**
 * "Impossible to generate cards": nothing usable came out of the source. `apiField` names the
 * request parameter the 422's `errors` point at (the generation calls' `user_prompt` by default).
 */
export const nothingGenerated = (apiField = 'user_prompt') =>
  ApiException.of('E_AI_NOTHING_GENERATED', { apiField })

/**
 * No provider is configured for what only a model can do, in that call's own words: an open topic
 * (the default), applying a template (`template`), improving a template's prompt (`improve`).
 */
export const needsProvider = (
  apiField = 'user_prompt',
  what: 'topic' | 'template' | 'improve' = 'topic'
) =>
  ApiException.of('E_AI_NEEDS_PROVIDER', {
    apiField,
    ...(what === 'topic' ? {} : { key: `ai_needs_provider_${what}` }),
  })
