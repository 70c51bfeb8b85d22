import env from '#start/env'
import { aiDoubleEnv, resetAi } from '#tests/support/ai_double_server'

/*
 * The AI providers' double (tests/support/ai_double_server.ts), and the
 * tests' app pointed at it or back offline.
 */
export * from '#tests/support/ai_double_server'

/**
 * Points the app's AI configuration at the double as `provider` (until the returned
 * function restores the offline default). One retry, so a scripted 429 or 500 is
 * seen twice before it becomes the catalogue's error.
 */
export function useAiDouble(
  provider: 'openai' | 'anthropic',
  options: { maxRetries?: number; timeoutMs?: number } = {}
) {
  resetAi()
  const settings = aiDoubleEnv(provider)
  env.set('AI_PROVIDER', settings.AI_PROVIDER)
  env.set('AI_API_KEY', settings.AI_API_KEY)
  env.set('AI_BASE_URL', settings.AI_BASE_URL)
  env.set('AI_MODEL', settings.AI_MODEL)
  env.set('AI_MAX_RETRIES', options.maxRetries ?? 1)
  env.set('AI_TIMEOUT_MS', options.timeoutMs ?? 10_000)
  return () => useOffline()
}

export function useOffline() {
  env.set('AI_PROVIDER', 'none')
  resetAi()
}
