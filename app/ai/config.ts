import env from '#start/env'

export type ProviderName = 'openai' | 'anthropic'

export type ProviderConfig = {
  name: ProviderName
  apiKey: string
  /** OpenAI-compatible servers: e.g. http://localhost:11434/v1 for Ollama; Anthropic: the API's origin */
  baseURL?: string
  model: string
  timeoutMs: number
  maxRetries: number
}

const DEFAULT_MODELS: Record<ProviderName, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
}

/**
 * The AI provider the configuration names (AI_PROVIDER, AI_API_KEY, AI_BASE_URL, AI_MODEL,
 * AI_TIMEOUT_MS, AI_MAX_RETRIES; see docs/real-services.md: AI providers), or null for the offline
 * default. Read on every call, so a test (or an operator's restart) switches providers
 * without other state. An OpenAI-compatible server at a base URL of its own (Ollama, vLLM)
 * needs no key; OpenAI itself and Anthropic do, and without one the offline generator stays.
 */
export function providerConfig(): ProviderConfig | null {
  const name = env.get('AI_PROVIDER', 'none')
  if (name !== 'openai' && name !== 'anthropic') return null
  const baseURL = env.get('AI_BASE_URL') || undefined
  const apiKey = env.get('AI_API_KEY') || (name === 'openai' && baseURL ? 'no-key' : '')
  if (!apiKey) return null
  return {
    name,
    apiKey,
    baseURL,
    model: env.get('AI_MODEL') || DEFAULT_MODELS[name],
    timeoutMs: env.get('AI_TIMEOUT_MS', 60_000),
    maxRetries: env.get('AI_MAX_RETRIES', 2),
  }
}
