/*
 * Text-to-speech on the web: the browser's own speech synthesis
 * (window.speechSynthesis), in the deck's language for the side. Nothing is
 * sent to the server; a browser without voices for the language says so.
 */

import { useHydrated } from '~/lib/use_hydrated'

/**
 * Whether this browser can speak, known once mounted (the server's render has no browser: no mismatch on
 * hydration).
 */
export function useCanSpeak() {
  return useHydrated() && canSpeak()
}

/** Whether this browser can speak at all. */
function canSpeak() {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof SpeechSynthesisUtterance !== 'undefined'
  )
}

/** The plain text of a card side's HTML, as it is read aloud (no style or script text, cloze gaps as "…"). */
export function spokenText(html: string) {
  if (typeof document === 'undefined') return ''
  const doc = new DOMParser().parseFromString(html, 'text/html')
  doc.querySelectorAll('style, script, template').forEach((node) => node.remove())
  return (doc.body.textContent ?? '')
    .replace(/\[\.\.\.\]/g, '…')
    .replace(/\s+/g, ' ')
    .trim()
}

/** A voice of the browser for a language ("es", "en-US"): the exact one, else one of its language; null when none. */
function voiceFor(language: string | null | undefined): SpeechSynthesisVoice | null {
  if (!canSpeak() || !language) return null
  const wanted = language.toLowerCase().replace('_', '-')
  const voices = window.speechSynthesis.getVoices()
  return (
    voices.find((voice) => voice.lang.toLowerCase() === wanted) ??
    voices.find((voice) => voice.lang.toLowerCase().split('-')[0] === wanted.split('-')[0]) ??
    null
  )
}

/** Speaks `text` (stopping what was being spoken); false when the browser cannot. */
export function speak(text: string, language: string | null | undefined) {
  if (!canSpeak() || !text) return false
  window.speechSynthesis.cancel()
  const utterance = new SpeechSynthesisUtterance(text.slice(0, 1000))
  if (language) utterance.lang = language
  const voice = voiceFor(language)
  if (voice) utterance.voice = voice
  window.speechSynthesis.speak(utterance)
  return true
}

export function stopSpeaking() {
  if (canSpeak()) window.speechSynthesis.cancel()
}
