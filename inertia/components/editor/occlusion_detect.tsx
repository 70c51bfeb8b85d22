import { useState } from 'react'
import { useT } from '~/lib/i18n'
import { HttpError, requestJson } from '~/lib/http'
import type { Data } from '~generated/data'
import { urlFor } from '~/lib/routes'
import { newMaskId, nextGroup, type Mask } from './occlusion_masks'
import { readAsDataUrl } from './media_tools'

/** A word the server read, as a proposed mask (fractions of the picture); `keep`: it becomes a mask. */
type Proposal = {
  id: string
  text: string
  x: number
  y: number
  width: number
  height: number
  keep: boolean
}

type Size = { width: number; height: number }
type Detection =
  | { state: 'idle' | 'detecting' | 'none' }
  | { state: 'failed'; message: string }
  | { state: 'found'; proposals: Proposal[] }

const clamp = (value: number) => Math.min(1, Math.max(0, value))

/**
 * "Detect text" in the occlusion builder: the picture goes to the server's
 * text detection (the editor's scan-text call: the same OCR as the apps'
 * ai/image_occlusion), and each word read comes back as a proposed mask the
 * learner keeps or leaves out before adding them. A new picture drops what
 * was proposed for the old one.
 */
export function useTextDetection(imageUrl: string, size: Size | null) {
  const t = useT()
  const [detection, setDetection] = useState<Detection>({ state: 'idle' })
  /* a new picture drops what was proposed for the old one (in render: the old proposals never show over it) */
  const [shownUrl, setShownUrl] = useState(imageUrl)
  if (shownUrl !== imageUrl) {
    setShownUrl(imageUrl)
    setDetection({ state: 'idle' })
  }

  const detect = async () => {
    if (!size || detection.state === 'detecting') return
    setDetection({ state: 'detecting' })
    try {
      const picture = await fetch(imageUrl, { credentials: 'same-origin' })
      if (!picture.ok) throw new HttpError('', picture.status)
      const base64 = await readAsDataUrl(await picture.blob())
      const scan = { method: 'POST', json: { base64 } }
      const result = await requestJson<Data.TextDetection>(urlFor('notes.scan_text'), scan)
      const proposals = result.words.map((word) => ({
        id: newMaskId(),
        text: word.text,
        keep: true,
        x: clamp(word.x / size.width),
        y: clamp(word.y / size.height),
        width: Math.min(word.width / size.width, 1 - clamp(word.x / size.width)),
        height: Math.min(word.height / size.height, 1 - clamp(word.y / size.height)),
      }))
      setDetection(proposals.length ? { state: 'found', proposals } : { state: 'none' })
    } catch (cause) {
      if (cause instanceof HttpError && cause.code === 'E_NO_TEXT_FOUND')
        return setDetection({ state: 'none' })
      setDetection({
        state: 'failed',
        message: (cause instanceof HttpError && cause.title) || t('editor.occlusion.detect.failed'),
      })
    }
  }

  const toggle = (id: string) =>
    setDetection((current) =>
      current.state === 'found'
        ? {
            ...current,
            proposals: current.proposals.map((p) => (p.id === id ? { ...p, keep: !p.keep } : p)),
          }
        : current
    )

  /** The kept proposals as masks after `masks`, each a card of its own. */
  const accept = (masks: Mask[]) => {
    if (detection.state !== 'found') return masks
    let group = nextGroup(masks)
    const added = detection.proposals
      .filter((p) => p.keep)
      .map(({ x, y, width, height }) => ({
        id: newMaskId(),
        group: group++,
        angle: 0,
        x,
        y,
        width,
        height,
      }))
    setDetection({ state: 'idle' })
    return [...masks, ...added]
  }

  return { detection, detect, toggle, accept, discard: () => setDetection({ state: 'idle' }) }
}

export type TextDetection = ReturnType<typeof useTextDetection>

const percent = (value: number) => `${value * 100}%`

/** The proposed masks over the picture: a press leaves a word out (or takes it back). */
export function ProposedMasks({ detection }: { detection: TextDetection }) {
  const t = useT()
  if (detection.detection.state !== 'found') return null
  return detection.detection.proposals.map((proposal) => (
    <button
      key={proposal.id}
      type="button"
      data-proposal={proposal.text}
      className={`io-proposal${proposal.keep ? ' keep' : ''}`}
      aria-pressed={proposal.keep}
      aria-label={t('editor.occlusion.detect.word', { word: proposal.text })}
      style={{
        left: percent(proposal.x),
        top: percent(proposal.y),
        width: percent(proposal.width),
        height: percent(proposal.height),
      }}
      /* not a press on the picture: no mask drawn, no selection changed */
      onPointerDown={(event) => event.stopPropagation()}
      onClick={() => detection.toggle(proposal.id)}
    />
  ))
}

/**
 * Under the toolbar: what the detection found (add the kept words as masks, or discard them), or why it found
 * nothing.
 */
export function DetectionBar({
  detection,
  onAdd,
}: {
  detection: TextDetection
  onAdd: () => void
}) {
  const t = useT()
  const current = detection.detection
  if (current.state === 'none')
    return (
      <p className="io-detect-note muted" role="status">
        {t('editor.occlusion.detect.none')}
      </p>
    )
  if (current.state === 'failed')
    return (
      <p className="io-detect-note field-error" role="alert">
        {current.message}
      </p>
    )
  if (current.state !== 'found') return null
  const kept = current.proposals.filter((proposal) => proposal.keep).length
  return (
    <div
      className="io-detect-bar"
      role="group"
      aria-label={t('editor.occlusion.detect.found_label')}
    >
      <span>{t('editor.occlusion.detect.found', { count: current.proposals.length })}</span>
      <button type="button" className="button small primary" disabled={kept === 0} onClick={onAdd}>
        {t('editor.occlusion.detect.add', { count: kept })}
      </button>
      <button type="button" className="button small ghost" onClick={detection.discard}>
        {t('editor.occlusion.detect.discard')}
      </button>
    </div>
  )
}
