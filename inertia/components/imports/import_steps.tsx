/*
 * The import dialog's steps after the form: the upload and the import at work, a failure, and the warnings of
 * a finished import.
 */
import { useT } from '~/lib/i18n'
import { isReason, useReasonText } from '~/components/imports/import_text_options'
import type { DialogImport, Problem } from '~/components/imports/upload'

/** A bar that moves in whole percent steps, with its number. */
function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.min(100, Math.max(0, Math.floor(percent)))
  const t = useT()
  return (
    <div className="import-progress">
      <div
        className="import-progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className="import-progress-fill" style={{ width: `${value}%` }} />
      </div>
      <span className="import-progress-value">
        {t('imports.progress.percent', { percent: value })}
      </span>
    </div>
  )
}

export function ProblemNotice({ problem }: { problem: Problem }) {
  return (
    <div className="notice notice-danger import-problem" role="alert">
      <strong>{problem.title}</strong>
      {problem.body && problem.body !== problem.title && <span>{problem.body}</span>}
    </div>
  )
}

/** The upload's share first (`record` null), then the import's own counters. */
export function ProgressStep({
  name,
  record,
  uploaded,
}: {
  name: string | undefined
  record: DialogImport | null
  uploaded: number
}) {
  const t = useT()
  const percent = !record
    ? uploaded
    : record.progress.total
      ? (record.progress.processed / record.progress.total) * 100
      : 0
  const status = !record
    ? t('imports.progress.uploading')
    : record.status === 'queued'
      ? t('imports.progress.waiting')
      : record.progress.total
        ? t('imports.progress.importing', {
            processed: record.progress.processed,
            total: record.progress.total,
          })
        : t('imports.progress.reading')
  return (
    <div className="stack import-status" aria-live="polite">
      <p className="import-file-name">{name}</p>
      <p className="muted">{status}</p>
      {/* a new bar for the import's own progress, so it does not slide back from the upload's 100 % */}
      <ProgressBar
        key={record ? 'import' : 'upload'}
        percent={percent}
        label={record ? t('imports.progress.import_label') : t('imports.progress.upload_label')}
      />
      {record && <p className="muted">{t('imports.progress.background')}</p>}
    </div>
  )
}

export function FailedStep({
  name,
  record,
  problem,
}: {
  name: string | undefined
  record: DialogImport
  problem: Problem | null
}) {
  const t = useT()
  const error = record.error
  return (
    <div className="stack">
      <p className="import-file-name">{name}</p>
      <ProblemNotice
        problem={{ title: error?.title ?? t('imports.errors.generic'), body: error?.body }}
      />
      {problem && <ProblemNotice problem={problem} />}
    </div>
  )
}

/**
 * A finished import's notes: a skipped line comes as its reason's key, translated here; the readers' other
 * notes as they are.
 */
function useWarningText() {
  const t = useT()
  const reasonText = useReasonText()
  return ({ line, message }: DialogImport['warnings'][number]) => {
    if (isReason(message)) return t('imports.problems.line', { line, reason: reasonText(message) })
    /* the writer's own notes come as "kind:details" keys */
    const [kind, ...rest] = message.split(':')
    if (kind === 'split' && rest.length >= 2)
      return t('imports.notes.split', { deck: rest.slice(0, -1).join(':'), part: rest.at(-1) })
    if (kind === 'media_skipped' && rest.length)
      return t('imports.notes.media_skipped', { file: rest.join(':') })
    if (kind === 'cards_limit' && rest.length)
      return t('imports.notes.cards_limit', { deck: rest.join(':') })
    if (kind === 'too_deep' && rest.length === 2)
      return t('imports.notes.too_deep', { max: Number(rest[0]), count: Number(rest[1]) })
    return message
  }
}

export function FinishedStep({ name, record }: { name: string | undefined; record: DialogImport }) {
  const t = useT()
  const warningText = useWarningText()
  const shown = record.warnings.map(warningText)
  return (
    <div className="stack">
      <p className="import-file-name">{name}</p>
      <p>{t('imports.done.warnings', { count: shown.length })}</p>
      <ul className="import-warnings">
        {shown.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </div>
  )
}
