import { useState } from 'react'
import { useT } from '~/lib/i18n'
import { useAlert } from '~/components/ui/alert_dialog'
import { useToast } from '~/components/ui/toasts'
import { DialogFrame } from '~/components/ui/dialog'
import { messageOf, useAiTemplates, type AiTemplate, type AppliedFields } from './use_ai_templates'
import type { NoteDraft } from './note_draft'
import '~/css/ai_templates.css'

/*
 * The note editor's AI template popup (spec 000: "AI note template popup"):
 * the templates (built-ins and the user's own), a form to create or change
 * one (with "Improve the prompt"), and applying one to the card being edited:
 * the rewritten fields are shown first and replace the card's only when the
 * user keeps them. Without an AI provider on the server it says so.
 */

type View =
  | { kind: 'list' }
  | { kind: 'edit'; template: AiTemplate | null }
  | { kind: 'result'; template: AiTemplate; fields: AppliedFields }

/** The toolbar button that opens the popup (the popup itself is rendered outside the note's form). */
export function AiTemplatesButton({ onOpen }: { onOpen: () => void }) {
  const t = useT()
  return (
    <button type="button" className="button small ai-templates-button" onClick={onOpen}>
      {t('ai_templates.button')}
    </button>
  )
}

/** Outside the note's <form>: the popup's own form must not submit the note (React bubbles along its tree). */
export function AiTemplatesDialog({ draft, onClose }: { draft: NoteDraft; onClose: () => void }) {
  const t = useT()
  const data = useAiTemplates(draft)
  const [view, setView] = useState<View>({ kind: 'list' })
  return (
    <DialogFrame
      className="dialog ai-templates"
      title={t('ai_templates.title')}
      onClose={onClose}
      initialFocus="button, input, textarea"
      backdropClose
      actions={
        <button type="button" className="button ghost" onClick={onClose}>
          {t('ai_templates.close')}
        </button>
      }
    >
      {view.kind === 'list' && <TemplateList draft={draft} data={data} onView={setView} />}
      {view.kind === 'edit' && (
        <TemplateForm
          data={data}
          template={view.template}
          onDone={() => setView({ kind: 'list' })}
        />
      )}
      {view.kind === 'result' && (
        <TemplateResult
          draft={draft}
          template={view.template}
          fields={view.fields}
          onBack={() => setView({ kind: 'list' })}
          onKept={onClose}
        />
      )}
    </DialogFrame>
  )
}

type Data = ReturnType<typeof useAiTemplates>

function TemplateList({
  draft,
  data,
  onView,
}: {
  draft: NoteDraft
  data: Data
  onView: (view: View) => void
}) {
  const t = useT()
  const alert = useAlert()
  const [busy, setBusy] = useState<number | null>(null)
  const [problem, setProblem] = useState('')
  const offline = data.provider === 'offline'

  const apply = async (template: AiTemplate) => {
    if (!draft.hasContent) return setProblem(t('ai_templates.empty_card'))
    setBusy(template.id)
    setProblem('')
    try {
      const { fields } = await data.apply(template)
      onView({ kind: 'result', template, fields })
    } catch (error) {
      setProblem(messageOf(error, t('ai_templates.failed')))
    } finally {
      setBusy(null)
    }
  }
  const remove = (template: AiTemplate) =>
    alert({
      title: t('ai_templates.confirm_delete', { name: template.name }),
      submitLabel: t('ai_templates.delete'),
      danger: true,
      onSubmit: () =>
        data
          .remove(template)
          .catch((error) => setProblem(messageOf(error, t('ai_templates.failed')))),
    })

  if (data.loadError)
    return (
      <p role="alert" className="form-error">
        {messageOf(data.loadError, t('ai_templates.failed'))}
      </p>
    )
  if (!data.templates)
    return (
      <p className="muted" aria-busy="true">
        …
      </p>
    )
  return (
    <>
      <p className="muted ai-templates-provider">
        {offline
          ? t('ai_templates.offline_notice')
          : t('ai_templates.provider', { provider: data.provider })}
      </p>
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      <ul className="ai-templates-list">
        {data.templates.map((template) => (
          <li key={template.id} className="ai-template">
            <div className="ai-template-text">
              <strong>{template.name}</strong>
              {template.default && <span className="badge">{t('ai_templates.builtin_badge')}</span>}
              <small className="muted">{template.prompt}</small>
            </div>
            <div className="ai-template-actions">
              <button
                type="button"
                className="button small primary"
                aria-disabled={offline || busy !== null || undefined}
                onClick={() => !offline && busy === null && apply(template)}
              >
                {busy === template.id ? t('ai_templates.applying') : t('ai_templates.apply')}
              </button>
              {!template.default && (
                <>
                  <button
                    type="button"
                    className="button small"
                    onClick={() => onView({ kind: 'edit', template })}
                  >
                    {t('ai_templates.edit')}
                  </button>
                  <button
                    type="button"
                    className="button small danger"
                    onClick={() => remove(template)}
                  >
                    {t('ai_templates.delete')}
                  </button>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button small"
        onClick={() => onView({ kind: 'edit', template: null })}
      >
        {t('ai_templates.new')}
      </button>
    </>
  )
}

function TemplateForm({
  data,
  template,
  onDone,
}: {
  data: Data
  template: AiTemplate | null
  onDone: () => void
}) {
  const t = useT()
  const toast = useToast()
  const [name, setName] = useState(template?.name ?? '')
  const [prompt, setPrompt] = useState(template?.prompt ?? '')
  const [busy, setBusy] = useState<'save' | 'improve' | null>(null)
  const [problem, setProblem] = useState('')

  const run = async (kind: 'save' | 'improve') => {
    setBusy(kind)
    setProblem('')
    try {
      if (kind === 'improve') {
        const improved = await data.improve(prompt)
        setPrompt(improved.prompt)
      } else {
        await data.save(template, { name, prompt })
        toast({ title: t('ai_templates.saved') })
        onDone()
      }
    } catch (error) {
      setProblem(messageOf(error, t('ai_templates.failed')))
    } finally {
      setBusy(null)
    }
  }
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        /* React bubbles events along its tree: whatever form holds the popup must not see this one */
        event.preventDefault()
        event.stopPropagation()
        if (!busy) run('save')
      }}
    >
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      <label className="field">
        <span>{t('ai_templates.name')}</span>
        <input
          name="name"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('ai_templates.prompt')}</span>
        <textarea
          name="prompt"
          rows={4}
          value={prompt}
          maxLength={2000}
          onChange={(event) => setPrompt(event.target.value)}
        />
      </label>
      <div className="ai-template-actions">
        <button
          type="button"
          className="button small"
          aria-disabled={busy !== null || !prompt.trim() || undefined}
          onClick={() => !busy && prompt.trim() && run('improve')}
        >
          {busy === 'improve' ? t('ai_templates.improving') : t('ai_templates.improve')}
        </button>
        <button type="button" className="button small ghost" onClick={onDone}>
          {t('ai_templates.cancel')}
        </button>
        <button
          type="submit"
          className="button small primary"
          aria-disabled={busy !== null || undefined}
        >
          {t('ai_templates.save')}
        </button>
      </div>
    </form>
  )
}

type ResultProps = {
  draft: NoteDraft
  template: AiTemplate
  fields: AppliedFields
  onBack: () => void
  onKept: () => void
}

function TemplateResult(props: ResultProps) {
  const { draft, template, fields, onBack, onKept } = props
  const t = useT()
  const toast = useToast()
  const keep = () => {
    for (const [name, html] of Object.entries(fields)) draft.setValue(name, html ?? '')
    toast({ title: t('ai_templates.applied') })
    onKept()
  }
  return (
    <>
      <h3>{t('ai_templates.result_title', { name: template.name })}</h3>
      <dl className="ai-template-result">
        {Object.entries(fields).map(([name, html]) => (
          <div key={name}>
            <dt>{name}</dt>
            {/* sanitized by the server (sanitizeFieldHtml), as every card field */}
            <dd className="card-html" dangerouslySetInnerHTML={{ __html: html ?? '' }} />
          </div>
        ))}
      </dl>
      <div className="ai-template-actions">
        <button type="button" className="button small ghost" onClick={onBack}>
          {t('ai_templates.discard')}
        </button>
        <button type="button" className="button small primary" onClick={keep}>
          {t('ai_templates.keep')}
        </button>
      </div>
    </>
  )
}
