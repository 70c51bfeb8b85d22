import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createWorker, type Worker } from 'tesseract.js'
import env from '#start/env'

/*
 * Local OCR (scan text, occlusion detection) with tesseract.js. Its
 * recognition runs in a worker thread tesseract.js starts itself
 * (worker_threads), so a scan never blocks the web process's event loop; one
 * thread per language, started on first use and kept. The language data
 * comes from the installed @tesseract.js-data/<lang> packages, read from
 * node_modules (langPath a local folder, cacheMethod 'none'): nothing is
 * fetched from the network, nothing is written to the working directory.
 */

const require = createRequire(import.meta.url)

/** The languages whose data ships with the app (package.json). */
export const OCR_LANGUAGES = ['eng', 'fra'] as const
export type OcrLanguage = (typeof OCR_LANGUAGES)[number]

/** The folder of a language's data in node_modules: the "best_int" model, the LSTM one tesseract.js uses by default. */
export function languageDataPath(language: OcrLanguage) {
  return join(dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), '4.0.0_best_int')
}

const workers = new Map<OcrLanguage, Promise<Worker>>()

function workerFor(language: OcrLanguage) {
  let worker = workers.get(language)
  if (!worker) {
    worker = createWorker(language, 1, {
      langPath: languageDataPath(language),
      cacheMethod: 'none',
      gzip: true,
      logger: () => {},
    })
    /* a thread that failed to start is not kept: the next scan tries again */
    worker.catch(() => workers.delete(language))
    workers.set(language, worker)
  }
  return worker
}

/** The languages this server scans, OCR_LANGUAGES (e.g. "eng,fra") narrowing the shipped ones; the first is the default. */
export function enabledLanguages(): OcrLanguage[] {
  const wanted = (env.get('OCR_LANGUAGES') ?? '').split(',').map((code) => code.trim()).filter(Boolean)
  const enabled = OCR_LANGUAGES.filter((code) => !wanted.length || wanted.includes(code))
  return enabled.length ? enabled : ['eng']
}

export interface OcrWord {
  text: string
  confidence: number
  x: number
  y: number
  width: number
  height: number
}

export interface OcrResult {
  text: string
  words: OcrWord[]
  lines: OcrWord[]
}

/* below this a "word" is mostly noise (a texture read as letters) */
const MIN_CONFIDENCE = 50

/** Reads the text of an image: its words and lines with their boxes (pixels of the image). */
export async function recognize(image: Buffer, language: OcrLanguage = enabledLanguages()[0]): Promise<OcrResult> {
  const worker = await workerFor(language)
  const { data } = await worker.recognize(image, {}, { blocks: true, text: true })
  const words: OcrWord[] = []
  const lines: OcrWord[] = []
  const box = (text: string, confidence: number, bbox: { x0: number; y0: number; x1: number; y1: number }) => ({
    text, confidence: Math.round(confidence), x: bbox.x0, y: bbox.y0, width: bbox.x1 - bbox.x0, height: bbox.y1 - bbox.y0,
  })
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const kept = line.words.filter((word) => word.confidence >= MIN_CONFIDENCE && /[\p{L}\p{N}]/u.test(word.text))
        if (!kept.length) continue
        for (const word of kept) words.push(box(word.text, word.confidence, word.bbox))
        lines.push(box(kept.map((word) => word.text).join(' '), line.confidence, line.bbox))
      }
    }
  }
  return { text: lines.map((line) => line.text).join('\n'), words, lines }
}

/** Stops the OCR threads (tests, shutdown). */
export async function stopOcr() {
  const running = [...workers.values()]
  workers.clear()
  await Promise.allSettled(running.map(async (worker) => (await worker).terminate()))
}
