import OpenAI from 'openai'
import env from '#start/env'

/*
 * Text-to-speech for the apps' audio (docs/media-helpers.md). Two engines
 * behind one call, `synthesize(text, language)` → WAV bytes:
 *
 * - an OpenAI-compatible speech endpoint (POST /v1/audio/speech through the
 *   `openai` SDK, any base URL), used when TTS_PROVIDER=openai, or when
 *   TTS_OPENAI_API_KEY is set and TTS_PROVIDER is not "local";
 * - eSpeak NG compiled to WebAssembly (the `espeak-ng` package), in the
 *   process, with no network and no system package: the default.
 *
 * A language the local engine has no voice for is a SpeechError with
 * E_TTS_LANGUAGE_UNAVAILABLE (the spec's "no text-to-speech engine or
 * language installed"); text over 1000 characters is E_TTS_TEXT_TOO_LONG.
 */

/** The spec's limit of AI audio (text to speech). */
const TTS_MAX_CHARS = 1000

export type SpeechErrorCode =
  'E_TTS_TEXT_TOO_LONG' | 'E_TTS_LANGUAGE_UNAVAILABLE' | 'E_TTS_PROVIDER' | 'E_TTS_ENGINE'

export class SpeechError extends Error {
  constructor(
    public code: SpeechErrorCode,
    message: string
  ) {
    super(message)
  }
}

export interface SpeechAudio {
  bytes: Buffer
  mime: 'audio/wav'
  engine: 'espeak-ng' | 'openai'
  voice: string
}

type ESpeakModule = { FS: { readFile(path: string): Uint8Array } }
type ESpeakFactory = (options: {
  arguments: string[]
  print?: (line: string) => void
  printErr?: (line: string) => void
}) => Promise<ESpeakModule>

let factory: Promise<ESpeakFactory> | undefined
const loadESpeak = () =>
  (factory ??= import('espeak-ng').then((module) => module.default as ESpeakFactory))

let voices: Promise<string[]> | undefined

/** The languages of eSpeak NG's voices (its `--voices` list: "en-us", "fr-fr", "de", …). */
function localVoices() {
  voices ??= (async () => {
    const lines: string[] = []
    await (
      await loadESpeak()
    )({ arguments: ['--voices'], print: (line) => lines.push(line), printErr: () => {} })
    return lines
      .slice(1)
      .map((line) => line.trim().split(/\s+/)[1]?.toLowerCase())
      .filter((code): code is string => Boolean(code))
  })()
  voices.catch(() => (voices = undefined))
  return voices
}

/* the usual voice of a bare language code, where eSpeak has only regional ones */
const PREFERRED: Record<string, string> = {
  en: 'en-us',
  fr: 'fr-fr',
  pt: 'pt-br',
  es: 'es',
  zh: 'cmn',
  nb: 'nb',
  no: 'nb',
}

/**
 * The local voice for a deck's language ("en", "en-US", "fr_FR", "de-DE"):
 * the exact one, else the language's own, else a regional one; null when
 * eSpeak NG speaks no such language.
 */
export async function localVoiceFor(language: string): Promise<string | null> {
  const wanted = language.trim().toLowerCase().replaceAll('_', '-')
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(wanted)) return null
  const available = await localVoices()
  const base = wanted.split('-')[0]
  const candidates = [wanted, PREFERRED[wanted], base, PREFERRED[base], `${base}-${base}`]
  const found = candidates.find((code) => code && available.includes(code))
  return found ?? available.find((code) => code.startsWith(`${base}-`)) ?? null
}

async function espeak(text: string, language: string): Promise<SpeechAudio> {
  const voice = await localVoiceFor(language)
  if (!voice)
    throw new SpeechError('E_TTS_LANGUAGE_UNAVAILABLE', `no local voice for "${language}"`)
  const errors: string[] = []
  let module: ESpeakModule
  try {
    /* "--" ends the options: a text starting with "-" is spoken, not read as a flag */
    module = await (
      await loadESpeak()
    )({
      arguments: ['-w', 'speech.wav', '-v', voice, '--', text],
      print: () => {},
      printErr: (line) => errors.push(line),
    })
  } catch (error) {
    throw new SpeechError('E_TTS_ENGINE', `eSpeak NG failed: ${errors.join(' ') || String(error)}`)
  }
  let bytes: Buffer
  try {
    bytes = Buffer.from(module.FS.readFile('speech.wav'))
  } catch {
    throw new SpeechError('E_TTS_ENGINE', `eSpeak NG wrote no audio: ${errors.join(' ')}`)
  }
  return { bytes, mime: 'audio/wav', engine: 'espeak-ng', voice }
}

/** Which engine speaks: the OpenAI-compatible provider when configured, else the local one. */
function speechEngine(): 'openai' | 'espeak-ng' {
  const chosen = env.get('TTS_PROVIDER')
  if (chosen === 'local') return 'espeak-ng'
  if (chosen === 'openai' || env.get('TTS_OPENAI_API_KEY')) return 'openai'
  return 'espeak-ng'
}

let client: OpenAI | undefined
let clientKey = ''

function openai() {
  const baseURL = env.get('TTS_OPENAI_BASE_URL')
  const apiKey = env.get('TTS_OPENAI_API_KEY') ?? 'none'
  const key = `${baseURL}|${apiKey}`
  if (!client || clientKey !== key) {
    /* retries are the job's (it runs again with backoff), not the SDK's */
    client = new OpenAI({ apiKey, baseURL: baseURL || undefined, maxRetries: 0, timeout: 60_000 })
    clientKey = key
  }
  return client
}

async function openaiSpeech(text: string): Promise<SpeechAudio> {
  const voice = env.get('TTS_OPENAI_VOICE') ?? 'alloy'
  let bytes: Buffer
  try {
    const response = await openai().audio.speech.create({
      model: env.get('TTS_OPENAI_MODEL') ?? 'gpt-4o-mini-tts',
      voice,
      input: text,
      response_format: 'wav',
    })
    bytes = Buffer.from(await response.arrayBuffer())
  } catch (error) {
    const status = error instanceof OpenAI.APIError ? ` (${error.status ?? 'no answer'})` : ''
    throw new SpeechError(
      'E_TTS_PROVIDER',
      `the speech provider failed${status}: ${error instanceof Error ? error.message : String(error)}`
    )
  }
  if (bytes.subarray(0, 4).toString('latin1') !== 'RIFF')
    throw new SpeechError('E_TTS_PROVIDER', 'the speech provider answered no WAV audio')
  return { bytes, mime: 'audio/wav', engine: 'openai', voice }
}

/** Speaks `text` in `language`: WAV bytes from the configured engine. */
export async function synthesize(text: string, language: string): Promise<SpeechAudio> {
  if ([...text].length > TTS_MAX_CHARS)
    throw new SpeechError('E_TTS_TEXT_TOO_LONG', `more than ${TTS_MAX_CHARS} characters`)
  return speechEngine() === 'openai' ? openaiSpeech(text) : espeak(text, language)
}
