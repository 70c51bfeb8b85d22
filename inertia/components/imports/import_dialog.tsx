import { useId } from 'react'
import { useT } from '~/lib/i18n'
import { DialogFrame } from '~/components/ui/dialog'
import { FormStep, ImportTabs } from '~/components/imports/import_form'
import { FailedStep, FinishedStep, ProgressStep } from '~/components/imports/import_steps'
import {
  importForm,
  useImportSource,
  type ImportSource,
} from '~/components/imports/use_import_source'
import { useImportRun } from '~/components/imports/use_import_run'
import type { DialogImport, Phase } from '~/components/imports/upload'
import '~/css/decks.css'
import '~/css/imports.css'
import type { Data } from '~generated/data'

type Folder = Data.Folder

type Actions = {
  onClose: () => void
  onStart: () => void
  onCancel: () => void
  onRetry: () => void
}

/** The buttons of each step, at the same places from one step to the next (the one pressed keeps the focus). */
function ImportActions({
  phase,
  ready,
  actions,
}: {
  phase: Phase
  ready: boolean
  actions: Actions
}) {
  const t = useT()
  if (phase.name === 'uploading' || phase.name === 'importing') {
    const importing = phase.name === 'importing'
    return (
      <>
        {importing && (
          <button type="button" className="button ghost" onClick={actions.onClose}>
            {t('imports.actions.close')}
          </button>
        )}
        <button type="button" className="button danger" onClick={actions.onCancel}>
          {importing ? t('imports.actions.cancel_import') : t('imports.actions.cancel_upload')}
        </button>
      </>
    )
  }
  if (phase.name === 'failed') {
    return (
      <>
        <button type="button" className="button ghost" onClick={actions.onClose}>
          {t('imports.actions.close')}
        </button>
        <button type="button" className="button primary" onClick={actions.onRetry}>
          {t('imports.actions.retry')}
        </button>
      </>
    )
  }
  if (phase.name === 'finished') {
    return (
      <button type="button" className="button primary" onClick={actions.onClose}>
        {t('imports.actions.done')}
      </button>
    )
  }
  return (
    <>
      <button type="button" className="button ghost" onClick={actions.onClose}>
        {t('dialog.cancel')}
      </button>
      <button type="button" className="button primary" disabled={!ready} onClick={actions.onStart}>
        {t('imports.actions.import')}
      </button>
    </>
  )
}

/** The form can be sent: a file (a text one with usable separators), or pasted text the preview reads rows from. */
function isReady(source: ImportSource) {
  if (source.tab === 'file')
    return Boolean(source.file) && !(source.textSource && (source.sameSeparators || source.mixed))
  return (
    Boolean(source.text.trim()) &&
    !source.sameSeparators &&
    !source.mixed &&
    (source.preview?.result.total ?? 0) > 0
  )
}

/**
 * Import cards from a file (Anki, Mnemo, CSV, text) or pasted text (a
 * Quizlet export): checks the file before sending it, previews text imports,
 * uploads with a progress bar, then follows the import until its deck is
 * written. Pasted text is uploaded as a file, so both take the same path.
 */
export function ImportDialog({
  folders,
  reload,
  onClose,
}: {
  folders: Folder[]
  reload: string[]
  onClose: () => void
}) {
  const t = useT()
  const id = useId()
  const run = useImportRun({ reload, onClose })
  const source = useImportSource(run.setProblem)
  const { phase } = run

  const start = async () => {
    run.setProblem(null)
    if (source.tab === 'paste' && (!source.text.trim() || source.sameSeparators)) return
    if (source.tab === 'file' && !source.file)
      return run.setProblem({ title: t('imports.errors.no_file') })
    if (source.textSource && source.sameSeparators) return
    await run.send(importForm(source))
  }
  /* a failed import keeps no file on the server: retry sends the same file (or text) again */
  const retry = async () => {
    if (phase.name !== 'failed') return
    await start()
  }

  /* pasted text travels as pasted.txt: the learner knows it as pasted text */
  const sourceName = (record: DialogImport | null) =>
    source.tab === 'paste' ? t('imports.paste.file_name') : (record?.fileName ?? source.file?.name)

  return (
    <DialogFrame
      className="dialog dialog-fit import-dialog"
      title={phase.name === 'finished' ? t('imports.done.title') : t('imports.dialog.title')}
      onClose={onClose}
      initialFocus='[role="tab"][aria-selected="true"], button:not(:disabled)'
      actions={
        <ImportActions
          phase={phase}
          ready={isReady(source)}
          actions={{ onClose, onStart: start, onCancel: run.cancel, onRetry: retry }}
        />
      }
    >
      {phase.name === 'form' && <ImportTabs id={id} tab={source.tab} onSwitch={source.switchTab} />}
      <div className="dialog-body">
        {(phase.name === 'uploading' || phase.name === 'importing') && (
          <ProgressStep
            name={sourceName(phase.name === 'importing' ? phase.record : null)}
            record={phase.name === 'importing' ? phase.record : null}
            uploaded={phase.name === 'uploading' ? phase.percent : 0}
          />
        )}
        {phase.name === 'failed' && (
          <FailedStep name={sourceName(phase.record)} record={phase.record} problem={run.problem} />
        )}
        {phase.name === 'finished' && (
          <FinishedStep name={sourceName(phase.record)} record={phase.record} />
        )}
        {phase.name === 'form' && (
          <FormStep id={id} source={source} folders={folders} problem={run.problem} />
        )}
      </div>
    </DialogFrame>
  )
}
