import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react'
import { useT } from '~/lib/i18n'
import { DialogFrame } from '~/components/ui/dialog'

/*
 * The editor's canvas tool: draw with a mouse, a pen or a finger (pointer
 * events, the pen's pressure widening the line), in a few colours or with
 * the eraser; undo takes back the last stroke. Saved as a PNG, which goes
 * through the editor's image upload (the same rules as any picture).
 */

const WIDTH = 640
const HEIGHT = 400
const COLORS = ['#212529', '#e03131', '#1c7ed6', '#2f9e44', '#f08c00'] as const
const BACKGROUND = '#ffffff'

type Stroke = { color: string; width: number; points: { x: number; y: number; pressure: number }[] }

function draw(context: CanvasRenderingContext2D, strokes: Stroke[]) {
  context.fillStyle = BACKGROUND
  context.fillRect(0, 0, WIDTH, HEIGHT)
  context.lineCap = 'round'
  context.lineJoin = 'round'
  for (const stroke of strokes) {
    context.strokeStyle = stroke.color
    const [first, ...rest] = stroke.points
    if (!first) continue
    if (!rest.length) {
      context.fillStyle = stroke.color
      context.beginPath()
      context.arc(first.x, first.y, stroke.width / 2, 0, Math.PI * 2)
      context.fill()
      continue
    }
    let previous = first
    for (const point of rest) {
      context.lineWidth = stroke.width * (0.5 + point.pressure)
      context.beginPath()
      context.moveTo(previous.x, previous.y)
      context.lineTo(point.x, point.y)
      context.stroke()
      previous = point
    }
  }
}

/** The strokes on the canvas, with the one being drawn. */
function paint(canvas: HTMLCanvasElement | null, all: Stroke[], drawing: Stroke | null) {
  const context = canvas?.getContext('2d')
  if (context) draw(context, drawing ? [...all, drawing] : all)
}

/** The drawing: its strokes, the one being drawn, and the pointer handlers that draw it. */
function useStrokes(
  canvas: RefObject<HTMLCanvasElement | null>,
  pen: { color: string; eraser: boolean }
) {
  const [strokes, setStrokes] = useState<Stroke[]>([])
  const current = useRef<Stroke | null>(null)
  const redraw = (all: Stroke[] = strokes) => paint(canvas.current, all, current.current)
  useEffect(() => paint(canvas.current, strokes, current.current), [canvas, strokes])

  const pointAt = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect()
    return {
      x: ((event.clientX - rect.left) / rect.width) * WIDTH,
      y: ((event.clientY - rect.top) / rect.height) * HEIGHT,
      /* a mouse reports 0.5 while pressed; a pen its real pressure */
      pressure: event.pointerType === 'pen' ? event.pressure : 0.5,
    }
  }
  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLCanvasElement>) => {
      event.preventDefault()
      event.currentTarget.setPointerCapture(event.pointerId)
      current.current = {
        color: pen.eraser ? BACKGROUND : pen.color,
        width: pen.eraser ? 24 : 4,
        points: [pointAt(event)],
      }
      redraw()
    },
    onPointerMove: (event: PointerEvent<HTMLCanvasElement>) => {
      if (!current.current) return
      current.current.points.push(pointAt(event))
      redraw()
    },
    onPointerUp: () => end(),
    onPointerCancel: () => end(),
  }
  function end() {
    const stroke = current.current
    current.current = null
    if (stroke) setStrokes((all) => [...all, stroke])
  }
  return {
    strokes,
    handlers,
    undo: () => setStrokes((all) => all.slice(0, -1)),
    clear: () => setStrokes([]),
  }
}

type Tools = {
  color: string
  eraser: boolean
  setColor: (color: string) => void
  setEraser: (on: boolean) => void
  drawn: boolean
  undo: () => void
  clear: () => void
}

/** The colours, the eraser, undo and clear. */
function CanvasTools({ color, eraser, setColor, setEraser, drawn, undo, clear }: Tools) {
  const t = useT()
  return (
    <div className="canvas-tools" role="toolbar" aria-label={t('media.canvas.tools')}>
      {COLORS.map((value, index) => (
        <button
          key={value}
          type="button"
          className={`swatch-button${!eraser && color === value ? ' active' : ''}`}
          aria-label={t('media.canvas.color', { number: index + 1 })}
          aria-pressed={!eraser && color === value}
          style={{ background: value }}
          onClick={() => {
            setColor(value)
            setEraser(false)
          }}
        />
      ))}
      <button
        type="button"
        className={`button small${eraser ? ' active' : ''}`}
        aria-pressed={eraser}
        onClick={() => setEraser(!eraser)}
      >
        {t('media.canvas.eraser')}
      </button>
      <button type="button" className="button small" disabled={!drawn} onClick={undo}>
        {t('media.canvas.undo')}
      </button>
      <button type="button" className="button small" disabled={!drawn} onClick={clear}>
        {t('media.canvas.clear')}
      </button>
    </div>
  )
}

export function CanvasDialog({
  onSave,
  onClose,
}: {
  onSave: (file: File) => Promise<void>
  onClose: () => void
}) {
  const t = useT()
  const canvas = useRef<HTMLCanvasElement>(null)
  const [color, setColor] = useState<string>(COLORS[0])
  const [eraser, setEraser] = useState(false)
  const [saving, setSaving] = useState(false)
  const { strokes, handlers, undo, clear } = useStrokes(canvas, { color, eraser })

  const save = () => {
    if (!canvas.current || !strokes.length) return
    setSaving(true)
    canvas.current.toBlob(async (blob) => {
      try {
        if (blob) await onSave(new File([blob], 'drawing.png', { type: 'image/png' }))
        onClose()
      } finally {
        setSaving(false)
      }
    }, 'image/png')
  }

  return (
    <DialogFrame
      className="dialog canvas-dialog"
      title={t('media.canvas.title')}
      onClose={onClose}
      initialFocus=".canvas-tools button"
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('media.cancel')}
          </button>
          <button
            type="button"
            className="button primary"
            disabled={!strokes.length || saving}
            onClick={save}
          >
            {saving ? t('media.canvas.saving') : t('media.canvas.save')}
          </button>
        </>
      }
    >
      <CanvasTools
        color={color}
        eraser={eraser}
        setColor={setColor}
        setEraser={setEraser}
        drawn={strokes.length > 0}
        undo={undo}
        clear={clear}
      />
      <canvas
        ref={canvas}
        className="drawing-canvas"
        width={WIDTH}
        height={HEIGHT}
        aria-label={t('media.canvas.area')}
        {...handlers}
      />
    </DialogFrame>
  )
}
