import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { imageSize } from 'image-size'
import { createWorker, type Worker } from 'tesseract.js'
import env from '#start/env'
import { fileTooComplex, parseLimits } from '#services/parse_thread'

/*
 * Local OCR (scan text, occlusion detection) with tesseract.js. Its
 * recognition runs in a worker thread tesseract.js starts itself
 * (worker_threads), so a scan never blocks the web process's event loop; one
 * thread per language, started on first use and kept. A scan gets the parse
 * threads' time cap (PARSE_TIMEOUT_MS, parse_thread.ts): past it the thread
 * is stopped, with all it holds, and the scan is 422 E_FILE_TOO_COMPLEX. The language data
 * comes from the installed @tesseract.js-data/<lang> packages, read from
 * node_modules (langPath a local folder, cacheMethod 'none'): nothing is
 * fetched from the network, nothing is written to the working directory.
 */

const require = createRequire(import.meta.url)

/** The languages whose data ships with the app (package.json). */
const OCR_LANGUAGES = ['eng', 'fra'] as const
export type OcrLanguage = (typeof OCR_LANGUAGES)[number]

/** The folder of a language's data in node_modules: the "best_int" model, the LSTM one tesseract.js uses by default. */
export function languageDataPath(language: OcrLanguage) {
  return join(
    dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)),
    '4.0.0_best_int'
  )
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

/**
 * The languages this server scans, OCR_LANGUAGES (e.g. "eng,fra") narrowing the shipped ones; the first is the
 * default.
 */
export function enabledLanguages(): OcrLanguage[] {
  const wanted = (env.get('OCR_LANGUAGES') ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
  const enabled = OCR_LANGUAGES.filter((code) => !wanted.length || wanted.includes(code))
  return enabled.length ? enabled : ['eng']
}

interface OcrWord {
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

/** A scan within the time cap; past it the language's thread goes (the next scan starts another). */
async function withinTimeCap<T>(
  language: OcrLanguage,
  scan: (worker: Worker) => Promise<T>
): Promise<T> {
  const started = workerFor(language)
  const worker = await started
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      if (workers.get(language) === started) workers.delete(language)
      void worker.terminate().catch(() => {})
      reject(fileTooComplex('base64'))
    }, parseLimits().timeoutMs)
  })
  try {
    return await Promise.race([scan(worker), timedOut])
  } finally {
    clearTimeout(timer)
  }
}

/*
 * The memory cap of a scan: tesseract decodes the whole picture and keeps
 * several copies of it (colour, grey, binarised) in its thread, about ten
 * bytes a pixel, whatever the file's size: a PNG of a few kilobytes can say
 * 30,000 × 30,000. Read from the header before the scan (OCR_MAX_MEGAPIXELS,
 * 40 by default: a 48-megapixel phone photo's usual 12-megapixel output
 * passes); past it, or a header that cannot be read, 422 E_FILE_TOO_COMPLEX.
 */
function assertScannable(image: Buffer) {
  const cap = Number(env.get('OCR_MAX_MEGAPIXELS')) > 0 ? Number(env.get('OCR_MAX_MEGAPIXELS')) : 40
  let pixels: number
  try {
    const { width, height } = imageSize(image)
    pixels = width * height
  } catch {
    throw fileTooComplex('base64')
  }
  if (!(pixels > 0) || pixels > cap * 1_000_000) throw fileTooComplex('base64')
}

/** Reads the text of an image: its words and lines with their boxes (pixels of the image). */
export async function recognize(
  image: Buffer,
  language: OcrLanguage = enabledLanguages()[0]
): Promise<OcrResult> {
  assertScannable(image)
  const data = await withinTimeCap(language, (worker) =>
    worker.recognize(image, {}, { blocks: true, text: true }).then((result) => result.data)
  )
  const words: OcrWord[] = []
  const lines: OcrWord[] = []
  const box = (
    text: string,
    confidence: number,
    bbox: { x0: number; y0: number; x1: number; y1: number }
  ) => ({
    text,
    confidence: Math.round(confidence),
    x: bbox.x0,
    y: bbox.y0,
    width: bbox.x1 - bbox.x0,
    height: bbox.y1 - bbox.y0,
  })
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const kept = line.words.filter(
          (word) => word.confidence >= MIN_CONFIDENCE && /[\p{L}\p{N}]/u.test(word.text)
        )
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
  await Promise.allSettled(running.map((worker) => worker.then((ready) => ready.terminate())))
}
