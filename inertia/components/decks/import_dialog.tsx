import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react'
import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { HttpError, requestJson, xsrfToken } from '~/lib/http'
import { useModalFocus } from '~/lib/use_modal_focus'
import { useToast } from '~/components/toasts'
import { announcedElsewhere } from '~/components/decks/use_deck_polling'
import type { Folder } from '~/components/decks/types'
import { cardValue, charOf, fieldValue, isReason, PreviewTable, SeparatorChoices, useReasonText, type Separators } from '~/components/decks/import_text_options'
import { urlFor, type ReplyOf } from '~/lib/routes'
import '~/css/decks.css'
import '~/css/imports.css'

/* the spec's cap, as the server counts it (MAX_IMPORT_BYTES) */
const MAX_MB = 500
const MAX_BYTES = MAX_MB * 1024 * 1024
const EXTENSIONS = ['apkg', 'colpkg', 'ofc', 'csv', 'txt', 'tsv']
const TEXT_EXTENSIONS = ['csv', 'txt', 'tsv']
/* the preview reads the beginning of long texts: enough rows to judge the separators, small enough to send at each keystroke */
const PREVIEW_BYTES = 256 * 1024
const POLL_MS = 1000

/** An import as the dialog follows it (POST /deck_imports, GET and DELETE /deck_imports/:id answer the same). */
type DialogImport = ReplyOf<'deck_imports.show'>
/** POST /deck_imports/preview: the first rows of a text import, and the separators found. */
type ImportPreview = ReplyOf<'deck_imports.preview'>
type Tab = 'file' | 'paste'
type Problem = { title: string; body?: string | null }
type Phase =
  | { name: 'form' }
  | { name: 'uploading'; percent: number }
  | { name: 'importing'; record: DialogImport }
  | { name: 'failed'; record: DialogImport }
  | { name: 'finished'; record: DialogImport }

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''
const isText = (file: File | null) => Boolean(file && TEXT_EXTENSIONS.includes(extensionOf(file.name)))

/** Bytes as base64, in chunks (a spread of 256 KB would overflow the call stack). */
function base64(bytes: Uint8Array) {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/**
 * The beginning of what will be uploaded, cut at a line end so the last row
 * is whole. Sent as bytes, pasted text too: the server decodes them as the
 * import will, and form fields would lose their leading blank lines (the body
 * parser trims them), moving the line numbers.
 */
async function headOf(file: Blob) {
  const bytes = new Uint8Array(await file.slice(0, PREVIEW_BYTES).arrayBuffer())
  if (file.size <= PREVIEW_BYTES) return { data: base64(bytes), partial: false }
  const end = bytes.lastIndexOf(0x0a)
  return { data: base64(end > 0 ? bytes.subarray(0, end + 1) : bytes), partial: true }
}

/**
 * XMLHttpRequest, not fetch: only it reports the upload's progress. The
 * answer is the import (202) or the server's `{ title, body?, code }`.
 */
function upload(form: FormData, onProgress: (percent: number) => void) {
  const xhr = new XMLHttpRequest()
  const answer = new Promise<DialogImport>((resolve, reject) => {
    xhr.open('POST', urlFor('deck_imports.store'))
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader('X-XSRF-TOKEN', xsrfToken())
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress((event.loaded / event.total) * 100)
    xhr.onload = () => {
      let data: any = null
      try {
        data = JSON.parse(xhr.responseText)
      } catch {
        /* not JSON: a proxy's page; the dialog shows its own message */
      }
      if (xhr.status >= 200 && xhr.status < 300 && data) resolve(data as DialogImport)
      else reject(new HttpError(data?.body ?? data?.title ?? '', xhr.status, data?.code, data?.title))
    }
    xhr.onerror = () => reject(new HttpError('', 0, 'E_NETWORK'))
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    xhr.send(form)
  })
  return { answer, abort: () => xhr.abort() }
}

/** A bar that moves in whole percent steps, with its number. */
function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.min(100, Math.max(0, Math.floor(percent)))
  const t = useT()
  return (
    <div className="import-progress">
      <div className="import-progress-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
        <div className="import-progress-fill" style={{ width: `${value}%` }} />
      </div>
      <span className="import-progress-value">{t('imports.progress.percent', { percent: value })}</span>
    </div>
  )
}

function ProblemNotice({ problem }: { problem: Problem }) {
  return (
    <div className="notice notice-danger import-problem" role="alert">
      <strong>{problem.title}</strong>
      {problem.body && problem.body !== problem.title && <span>{problem.body}</span>}
    </div>
  )
}

/**
 * Import cards from a file (Anki, Mnemo, CSV, text) or pasted text (a
 * Quizlet export): checks the file before sending it, previews text imports,
 * uploads with a progress bar, then follows the import until its deck is
 * written. Pasted text is uploaded as a file, so both take the same path.
 */
export function ImportDialog({ folders, reload, onClose }: { folders: Folder[]; reload: string[]; onClose: () => void }) {
  const t = useT()
  const toast = useToast()
  const reasonText = useReasonText()
  const { locale } = useShared()
  const id = useId()
  const box = useRef<HTMLDivElement>(null)
  const [tab, setTab] = useState<Tab>('file')
  const [file, setFile] = useState<File | null>(null)
  const [text, setText] = useState('')
  const [folderId, setFolderId] = useState('')
  const [separators, setSeparators] = useState<Separators>({ card: null, cardCustom: '', field: null, fieldCustom: '' })
  const [preview, setPreview] = useState<{ result: ImportPreview; partial: boolean } | null>(null)
  const [problem, setProblem] = useState<Problem | null>(null)
  const [dragging, setDragging] = useState(false)
  const [phase, setPhase] = useState<Phase>({ name: 'form' })
  const abortUpload = useRef<(() => void) | null>(null)
  const pollTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const following = useRef<number | null>(null)
  const followedDeck = useRef<number | null>(null)

  const textSource = tab === 'paste' ? (text.trim() ? 'text' : null) : isText(file) ? 'file' : null
  /*
   * Only the learner's choices are sent: the server detects the others as the
   * preview did, and refuses a file whose lines disagree only when it guessed.
   * Only chosen ones can clash: the parser never detects one equal to the other.
   */
  const chosenCard = cardValue(separators)
  const chosenField = fieldValue(separators)
  const sameSeparators = Boolean(chosenCard && chosenField && charOf(chosenCard) === charOf(chosenField))
  /* the import would be refused (import_mixed_separators): the learner chooses the separators first */
  const mixed = Boolean(preview?.result.mixedSeparators)

  const stopFollowing = () => {
    if (pollTimer.current) clearTimeout(pollTimer.current)
    pollTimer.current = null
    following.current = null
  }

  /* Esc, Close or leaving the page: an upload stops (nothing can carry it on); a running import goes on, and the deck list announces its end */
  useEffect(
    () => () => {
      abortUpload.current?.()
      if (following.current !== null && followedDeck.current) announcedElsewhere.delete(followedDeck.current)
      stopFollowing()
    },
    []
  )

  /* the live preview: again at each change of the text, the file or a separator; the last answer wins */
  useEffect(() => {
    if (!textSource || sameSeparators) {
      setPreview(null)
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      try {
        const source = await headOf(textSource === 'text' ? new Blob([text]) : file!)
        const body = {
          data: source.data,
          card_separator: chosenCard,
          field_separator: chosenField,
        }
        const result = await requestJson<ImportPreview>(urlFor('deck_imports.preview'), { method: 'POST', json: body, signal: controller.signal })
        setPreview({ result, partial: source.partial })
      } catch (error) {
        if ((error as Error).name === 'AbortError') return
        setPreview(null)
      }
    }, 250)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [textSource, text, file, chosenCard, chosenField, sameSeparators])

  /* one file, of a known kind, under the cap: refused here before a byte is sent */
  const pick = (files: FileList | null) => {
    setProblem(null)
    if (!files || files.length === 0) return
    if (files.length > 1) return setProblem({ title: t('imports.errors.one_file') })
    const chosen = files[0]
    if (!EXTENSIONS.includes(extensionOf(chosen.name))) return setProblem({ title: t('imports.errors.unsupported_title'), body: t('imports.errors.unsupported_body') })
    if (chosen.size > MAX_BYTES) return setProblem({ title: t('imports.errors.too_big_title'), body: t('imports.errors.too_big_body', { max: MAX_MB }) })
    if (chosen.size === 0) return setProblem({ title: t('imports.errors.empty') })
    setFile(chosen)
    setPreview(null)
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    pick(event.dataTransfer.files)
  }

  const follow = (record: DialogImport) => {
    stopFollowing()
    following.current = record.id
    followedDeck.current = record.deckId
    /* this dialog announces the end itself, with the import's counts; the deck list only shows the deck at work */
    if (record.deckId) announcedElsewhere.add(record.deckId)
    router.reload({ only: reload })
    const poll = async () => {
      if (following.current !== record.id) return
      try {
        settle(await requestJson<DialogImport>(urlFor('deck_imports.show', { id: record.id })))
      } catch (error) {
        /* a lost connection or a server hiccup: try again; a refusal ends the follow */
        if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
          stopFollowing()
          setPhase({ name: 'form' })
          setProblem({ title: error.title || t('imports.errors.generic') })
          return
        }
        if (following.current === record.id) pollTimer.current = setTimeout(poll, POLL_MS)
      }
    }
    const settle = (current: DialogImport) => {
      if (following.current !== record.id) return
      if (current.status === 'queued' || current.status === 'processing') {
        setPhase({ name: 'importing', record: current })
        pollTimer.current = setTimeout(poll, POLL_MS)
        return
      }
      stopFollowing()
      router.reload({ only: reload })
      if (current.status === 'failed') return setPhase({ name: 'failed', record: current })
      if (current.status === 'cancelled') {
        toast({ title: t('imports.status.cancelled') })
        return onClose()
      }
      const counts = current.counts as Partial<Record<'notes' | 'updated' | 'cards', number>>
      const updatedOnly = !counts.notes && (counts.updated ?? 0) > 0
      toast({ title: updatedOnly ? t('imports.done.updated', { count: counts.updated }) : t('imports.done.imported', { count: counts.cards ?? 0 }) })
      if (current.warnings.length) setPhase({ name: 'finished', record: current })
      else onClose()
    }
    settle(record)
  }

  const start = async () => {
    setProblem(null)
    if (tab === 'paste' && (!text.trim() || sameSeparators)) return
    if (tab === 'file' && !file) return setProblem({ title: t('imports.errors.no_file') })
    if (textSource && sameSeparators) return
    const form = new FormData()
    if (folderId) form.append('folder_id', folderId)
    if (textSource) {
      if (chosenCard) form.append('card_separator', chosenCard)
      if (chosenField) form.append('field_separator', chosenField)
    }
    /* fields before the file: the server reads the stream in order */
    form.append('file', tab === 'paste' ? new File([text], 'pasted.txt', { type: 'text/plain' }) : file!)
    setPhase({ name: 'uploading', percent: 0 })
    const sending = upload(form, (percent) => setPhase((now) => (now.name === 'uploading' ? { name: 'uploading', percent } : now)))
    abortUpload.current = sending.abort
    try {
      const record = await sending.answer
      follow(record)
    } catch (error) {
      setPhase({ name: 'form' })
      if ((error as Error).name === 'AbortError') return
      const failure = error as HttpError
      if (failure.status === 0) setProblem({ title: t('imports.errors.network') })
      else setProblem({ title: failure.title || t('imports.errors.generic'), body: failure.message })
    } finally {
      abortUpload.current = null
    }
  }

  const cancel = async () => {
    if (phase.name === 'uploading') return abortUpload.current?.()
    if (phase.name !== 'importing') return onClose()
    try {
      stopFollowing()
      const record = await requestJson<DialogImport>(urlFor('deck_imports.destroy', { id: phase.record.id }), { method: 'DELETE' })
      router.reload({ only: reload })
      if (record.status === 'cancelled') {
        toast({ title: t('imports.status.cancelled') })
        return onClose()
      }
      follow(record)
    } catch {
      /* already finished (409) or unreachable: the poll tells what happened */
      follow(phase.record)
    }
  }

  /* a failed import keeps no file on the server: retry sends the same file (or text) again */
  const retry = async () => {
    if (phase.name !== 'failed') return
    await start()
  }

  useModalFocus(box, '[role="tab"][aria-selected="true"], button:not(:disabled)', onClose)

  const switchTab = (next: Tab) => {
    setTab(next)
    setProblem(null)
    setPreview(null)
  }
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    const next = tab === 'file' ? 'paste' : 'file'
    switchTab(next)
    document.getElementById(`${id}-tab-${next}`)?.focus()
  }

  const size = (bytes: number) => {
    const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, 'megabyte'] : [Math.max(1, Math.round(bytes / 1024)), 'kilobyte']
    return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value)
  }

  /* pasted text travels as pasted.txt: the learner knows it as pasted text */
  const sourceName = (record: DialogImport | null) => (tab === 'paste' ? t('imports.paste.file_name') : (record?.fileName ?? file?.name))

  let tabs: ReactNode = null
  let body: ReactNode
  let actions: ReactNode
  if (phase.name === 'uploading' || phase.name === 'importing') {
    const record = phase.name === 'importing' ? phase.record : null
    /* the upload's share first, then the deck's counters */
    const percent = phase.name === 'uploading' ? phase.percent : record!.progress.total ? (record!.progress.processed / record!.progress.total) * 100 : 0
    const status = !record
      ? t('imports.progress.uploading')
      : record.status === 'queued'
        ? t('imports.progress.waiting')
        : record.progress.total
          ? t('imports.progress.importing', { processed: record.progress.processed, total: record.progress.total })
          : t('imports.progress.reading')
    body = (
      <div className="stack import-status" aria-live="polite">
        <p className="import-file-name">{sourceName(record)}</p>
        <p className="muted">{status}</p>
        {/* a new bar for the import's own progress, so it does not slide back from the upload's 100 % */}
        <ProgressBar key={record ? 'import' : 'upload'} percent={percent} label={record ? t('imports.progress.import_label') : t('imports.progress.upload_label')} />
        {record && <p className="muted">{t('imports.progress.background')}</p>}
      </div>
    )
    actions = (
      <>
        {record && (
          <button type="button" className="button ghost" onClick={onClose}>
            {t('imports.actions.close')}
          </button>
        )}
        <button type="button" className="button danger" onClick={cancel}>
          {record ? t('imports.actions.cancel_import') : t('imports.actions.cancel_upload')}
        </button>
      </>
    )
  } else if (phase.name === 'failed') {
    const error = phase.record.error
    body = (
      <div className="stack">
        <p className="import-file-name">{sourceName(phase.record)}</p>
        <ProblemNotice problem={{ title: error?.title ?? t('imports.errors.generic'), body: error?.body }} />
        {problem && <ProblemNotice problem={problem} />}
      </div>
    )
    actions = (
      <>
        <button type="button" className="button ghost" onClick={onClose}>
          {t('imports.actions.close')}
        </button>
        <button type="button" className="button primary" onClick={retry}>
          {t('imports.actions.retry')}
        </button>
      </>
    )
  } else if (phase.name === 'finished') {
    /* a skipped line comes as its reason's key, translated here; the readers' other notes as they are */
    const shown = phase.record.warnings.map((warning) => {
      if (isReason(warning.message)) return t('imports.problems.line', { line: warning.line, reason: reasonText(warning.message) })
      /* the writer's own notes come as "kind:details" keys */
      const [kind, ...rest] = warning.message.split(':')
      if (kind === 'split' && rest.length >= 2) return t('imports.notes.split', { deck: rest.slice(0, -1).join(':'), part: rest.at(-1) })
      if (kind === 'media_skipped' && rest.length) return t('imports.notes.media_skipped', { file: rest.join(':') })
      if (kind === 'cards_limit' && rest.length) return t('imports.notes.cards_limit', { deck: rest.join(':') })
      return warning.message
    })
    body = (
      <div className="stack">
        <p className="import-file-name">{sourceName(phase.record)}</p>
        <p>{t('imports.done.warnings', { count: shown.length })}</p>
        <ul className="import-warnings">
          {shown.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      </div>
    )
    actions = (
      <button type="button" className="button primary" onClick={onClose}>
        {t('imports.actions.done')}
      </button>
    )
  } else {
    /* outside the scrolling body: a long preview does not hide the tabs */
    tabs = (
      <div className="tabs import-tabs" role="tablist" aria-label={t('imports.dialog.source')}>
        {(['file', 'paste'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            id={`${id}-tab-${option}`}
            aria-selected={tab === option}
            aria-controls={`${id}-panel`}
            tabIndex={tab === option ? 0 : -1}
            className={`tab${tab === option ? ' active' : ''}`}
            onClick={() => switchTab(option)}
            onKeyDown={onTabKey}
          >
            {option === 'file' ? t('imports.tabs.file') : t('imports.tabs.paste')}
          </button>
        ))}
      </div>
    )
    body = (
      <div className="stack import-panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'file' ? (
          <div
            className={`import-drop${dragging ? ' dragging' : ''}`}
            onDragOver={(event) => {
              event.preventDefault()
              setDragging(true)
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            {file ? (
              <p className="import-file-name">
                {file.name} <span className="muted">({size(file.size)})</span>
              </p>
            ) : (
              <p className="muted">{t('imports.file.drop')}</p>
            )}
            <label className="button import-choose">
              {file ? t('imports.file.change') : t('imports.file.choose')}
              <input
                type="file"
                name="file"
                className="visually-hidden"
                accept={EXTENSIONS.map((extension) => `.${extension}`).join(',')}
                onChange={(event) => {
                  pick(event.target.files)
                  event.target.value = ''
                }}
              />
            </label>
            <small className="muted">{t('imports.file.formats', { max: MAX_MB })}</small>
          </div>
        ) : (
          <label className="field">
            <span>{t('imports.paste.label')}</span>
            <textarea name="import-text" rows={6} value={text} placeholder={t('imports.paste.placeholder')} onChange={(event) => setText(event.target.value)} />
            <small className="muted">{t('imports.paste.hint')}</small>
          </label>
        )}
        {problem && <ProblemNotice problem={problem} />}
        {textSource && <SeparatorChoices value={separators} detected={preview?.result.detected} onChange={setSeparators} />}
        {textSource && sameSeparators && <ProblemNotice problem={{ title: t('imports.errors.same_separators') }} />}
        {textSource && mixed && <ProblemNotice problem={{ title: t('imports.preview.mixed') }} />}
        {textSource && preview && <PreviewTable preview={preview.result} partial={preview.partial} />}
        {folders.length > 0 && (
          <label className="field">
            <span>{t('imports.folder.label')}</span>
            <select name="folder_id" value={folderId} onChange={(event) => setFolderId(event.target.value)}>
              <option value="">{t('imports.folder.none')}</option>
              {folders.map((folder) => (
                <option key={folder.id} value={folder.id}>
                  {folder.emojiUtf16 ? `${folder.emojiUtf16} ${folder.name}` : folder.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
    )
    const ready = tab === 'file' ? Boolean(file) && !(textSource && (sameSeparators || mixed)) : Boolean(text.trim()) && !sameSeparators && !mixed && (preview?.result.total ?? 0) > 0
    actions = (
      <>
        <button type="button" className="button ghost" onClick={onClose}>
          {t('dialog.cancel')}
        </button>
        <button type="button" className="button primary" disabled={!ready} onClick={start}>
          {t('imports.actions.import')}
        </button>
      </>
    )
  }

  return (
    <div className="dialog-backdrop">
      <div ref={box} className="dialog decks-dialog import-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{phase.name === 'finished' ? t('imports.done.title') : t('imports.dialog.title')}</h2>
        {tabs}
        <div className="decks-dialog-body">{body}</div>
        <div className="dialog-actions">{actions}</div>
      </div>
    </div>
  )
}
