import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useT } from '~/lib/i18n'

export type ChosenPdf = { file: File; pages: number[]; pageCount: number }

/** Thumbnails rendered at most this many at first; the rest on "show more" (a 300-page book stays quick). */
const FIRST_THUMBNAILS = 40

/**
 * The document step (spec's PDF rules): one PDF only, at most `maxMb`, and
 * at most `maxPages` pages chosen from thumbnails that pdf.js renders here
 * in the browser (the text itself is read on the server). The first pages
 * are chosen to begin with.
 */
export function PdfPages({
  maxPages,
  maxMb,
  onChange,
}: {
  maxPages: number
  maxMb: number
  onChange: (chosen: ChosenPdf | null) => void
}) {
  const t = useT()
  const [file, setFile] = useState<File | null>(null)
  const [pageCount, setPageCount] = useState(0)
  const [chosen, setChosen] = useState<number[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const [pdf, setPdf] = useState<any>(null)
  /* pdf.js's loading task: destroying it frees the document and its worker-side data */
  const taskRef = useRef<any>(null)

  /* the parent hears of a new choice; a new onChange from its render is no reason to tell it again */
  const notify = useEffectEvent((next: ChosenPdf | null) => onChange(next))
  useEffect(
    () => notify(file && chosen.length ? { file, pages: chosen, pageCount } : null),
    [file, chosen, pageCount]
  )
  useEffect(() => () => void taskRef.current?.destroy(), [])

  async function choose(files: FileList | null) {
    setProblem(null)
    setFile(null)
    setChosen([])
    setPageCount(0)
    if (!files || files.length === 0) return
    if (files.length > 1) return setProblem(t('ai.document.one_file'))
    const picked = files[0]
    if (picked.type !== 'application/pdf' && !picked.name.toLowerCase().endsWith('.pdf'))
      return setProblem(t('ai.document.pdf_only'))
    if (picked.size > maxMb * 1024 * 1024)
      return setProblem(t('ai.document.too_big', { max: maxMb }))
    setLoading(true)
    try {
      const pdfjs = await import('pdfjs-dist')
      /* pdf.js parses in a web worker of its own, built by Vite (?worker) */
      if (!pdfjs.GlobalWorkerOptions.workerPort) {
        const { default: PdfWorker } = await import('pdfjs-dist/build/pdf.worker.min.mjs?worker')
        pdfjs.GlobalWorkerOptions.workerPort = new PdfWorker()
      }
      await taskRef.current?.destroy()
      const task = pdfjs.getDocument({ data: new Uint8Array(await picked.arrayBuffer()) })
      taskRef.current = task
      const document = await task.promise
      setPdf(document)
      setFile(picked)
      setPageCount(document.numPages)
      setChosen(
        Array.from({ length: Math.min(maxPages, document.numPages) }, (_, index) => index + 1)
      )
    } catch {
      setProblem(t('ai.document.unreadable'))
    } finally {
      setLoading(false)
    }
  }

  return (
    <div className="stack ai-document">
      <label className="field">
        <span>{t('ai.document.label')}</span>
        <input
          type="file"
          accept="application/pdf,.pdf"
          onChange={(event) => void choose(event.target.files)}
          data-testid="ai-pdf-input"
        />
        <small className="muted">{t('ai.document.rules', { max: maxMb, pages: maxPages })}</small>
      </label>
      {problem && (
        <p className="notice notice-danger" role="alert">
          {problem}
        </p>
      )}
      {loading && <p className="muted">{t('ai.document.reading')}</p>}
      {file && pageCount > 0 && (
        <PageChooser
          key={`${file.name}-${file.size}`}
          document={pdf}
          pageCount={pageCount}
          maxPages={maxPages}
          chosen={chosen}
          onChosen={setChosen}
        />
      )}
    </div>
  )
}

type ChooserProps = {
  document: any
  pageCount: number
  maxPages: number
  chosen: number[]
  onChosen: (pages: number[]) => void
}

/** The document's pages as thumbnails to choose from, at most `maxPages` of them. */
function PageChooser({ document, pageCount, maxPages, chosen, onChosen }: ChooserProps) {
  const t = useT()
  const [shown, setShown] = useState(FIRST_THUMBNAILS)
  const toggle = (page: number) => {
    if (chosen.includes(page)) onChosen(chosen.filter((item) => item !== page))
    else if (chosen.length < maxPages) onChosen([...chosen, page].sort((a, b) => a - b))
  }
  return (
    <>
      <div className="row">
        <strong className="ai-pages-chosen" data-chosen={chosen.length}>
          {t('ai.document.chosen', { count: chosen.length, max: maxPages, total: pageCount })}
        </strong>
        <button type="button" className="button small" onClick={() => onChosen([])}>
          {t('ai.document.none')}
        </button>
        <button
          type="button"
          className="button small"
          onClick={() =>
            onChosen(Array.from({ length: Math.min(maxPages, pageCount) }, (_, index) => index + 1))
          }
        >
          {t('ai.document.first', { count: Math.min(maxPages, pageCount) })}
        </button>
      </div>
      <ul className="ai-thumbnails">
        {Array.from({ length: Math.min(shown, pageCount) }, (_, index) => index + 1).map((page) => (
          <li key={page}>
            <button
              type="button"
              className={`ai-thumbnail ${chosen.includes(page) ? 'chosen' : ''}`}
              aria-pressed={chosen.includes(page)}
              aria-label={t('ai.document.page', { page })}
              disabled={!chosen.includes(page) && chosen.length >= maxPages}
              onClick={() => toggle(page)}
              data-page={page}
            >
              <Thumbnail document={document} page={page} />
              <span>{page}</span>
            </button>
          </li>
        ))}
      </ul>
      {shown < pageCount && (
        <button
          type="button"
          className="button small"
          onClick={() => setShown(shown + FIRST_THUMBNAILS)}
        >
          {t('ai.document.more')}
        </button>
      )}
    </>
  )
}

/** One page drawn small on a canvas by pdf.js. */
function Thumbnail({ document, page }: { document: any; page: number }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    let cancelled = false
    let task: any
    void (async () => {
      if (!document || !canvas.current) return
      const pdfPage = await document.getPage(page)
      if (cancelled || !canvas.current) return
      const viewport = pdfPage.getViewport({ scale: 1 })
      const scale = 120 / viewport.width
      const scaled = pdfPage.getViewport({ scale })
      canvas.current.width = Math.ceil(scaled.width)
      canvas.current.height = Math.ceil(scaled.height)
      task = pdfPage.render({ canvas: canvas.current, viewport: scaled })
      await task.promise.catch(() => {})
    })()
    return () => {
      cancelled = true
      task?.cancel?.()
    }
  }, [document, page])
  return <canvas ref={canvas} className="ai-thumbnail-canvas" data-rendered-page={page} />
}
