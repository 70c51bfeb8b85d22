import { createCanvas } from '@napi-rs/canvas'
import type { I18n } from '@adonisjs/i18n'
import type { WrappedYear } from '#types/study'

const WRAPPED_IMAGE = { width: 1080, height: 1350 }

/* the avatar palette's blue and violet (inertia/css), a gradient behind the figures */
const FROM = '#3b5bdb'
const TO = '#7048e8'

/**
 * The year in review as a PNG to share (1080×1350, a phone story's shape):
 * drawn on the server with Skia (@napi-rs/canvas) in the learner's
 * language, from the same figures as GET users/wrapped. System fonts (a
 * sans-serif); nothing the learner wrote is drawn but their decks' names,
 * as text.
 */
export async function renderWrappedImage(i18n: I18n, wrapped: WrappedYear, name: string) {
  const { width, height } = WRAPPED_IMAGE
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  const gradient = ctx.createLinearGradient(0, 0, width, height)
  gradient.addColorStop(0, FROM)
  gradient.addColorStop(1, TO)
  ctx.fillStyle = gradient
  ctx.fillRect(0, 0, width, height)

  const t = (key: string, values?: Record<string, unknown>) =>
    i18n.t(`ui.client.wrapped.${key}`, values)
  const fit = (text: string, max: number) => {
    let shown = text
    while (shown.length > 1 && ctx.measureText(shown).width > max) shown = shown.slice(0, -1)
    return shown === text ? text : `${shown.slice(0, -1)}…`
  }

  ctx.fillStyle = '#ffffff'
  ctx.textBaseline = 'top'
  ctx.font = 'bold 44px sans-serif'
  ctx.fillText('Mnemo', 80, 80)
  ctx.font = 'bold 84px sans-serif'
  ctx.fillText(fit(t('image_title', { year: wrapped.year }), width - 160), 80, 170)
  if (name) {
    ctx.font = '40px sans-serif'
    ctx.fillText(fit(name, width - 160), 80, 280)
  }

  const figure = (count: number, label: string): [string, string] => [
    String(count),
    t(label, { count }),
  ]
  const figures: [string, string][] = [
    figure(wrapped.studiedCardsCount, 'cards_studied'),
    figure(wrapped.activeDaysCount, 'active_days'),
    figure(wrapped.longestStreak, 'best_streak'),
    figure(wrapped.createdCardsCount, 'cards_created'),
  ]
  figures.forEach(([value, label], index) => {
    const x = 80 + (index % 2) * 470
    const y = 400 + Math.floor(index / 2) * 250
    ctx.fillStyle = 'rgba(255,255,255,0.14)'
    ctx.beginPath()
    ctx.roundRect(x, y, 440, 220, 28)
    ctx.fill()
    ctx.fillStyle = '#ffffff'
    ctx.font = 'bold 96px sans-serif'
    ctx.fillText(fit(value, 380), x + 32, y + 28)
    ctx.font = '34px sans-serif'
    ctx.fillText(fit(label, 380), x + 32, y + 150)
  })

  let y = 930
  if (wrapped.mostProductiveDecks.length) {
    ctx.font = 'bold 40px sans-serif'
    ctx.fillText(fit(t('top_decks'), width - 160), 80, y)
    y += 64
    ctx.font = '36px sans-serif'
    for (const [index, deck] of wrapped.mostProductiveDecks.entries()) {
      ctx.fillText(fit(`${index + 1}. ${deck.name}`, width - 160), 80, y)
      y += 52
    }
  }
  if (wrapped.busiestHourBucket) {
    ctx.font = '36px sans-serif'
    ctx.fillText(
      fit(t('image_bucket', { bucket: t(`bucket_${wrapped.busiestHourBucket}`) }), width - 160),
      80,
      Math.max(y + 24, 1180)
    )
  }
  return canvas.encode('png')
}
