import { test } from '@japa/runner'
import { occlusionGroups, renderOcclusion } from '#note_types/occlusion'
import { sanitizeFieldHtml } from '#note_types/sanitize'
import type { OcclusionAttachment, OcclusionMask } from '#note_types/types'

const mask = (id: string, group: number, x: number, angle = 0): OcclusionMask => ({
  id,
  group,
  x,
  y: 0.25,
  width: 0.1,
  height: 0.05,
  angle,
})

const masks = [mask('a', 1, 0.1), mask('b', 1, 0.2), mask('c', 2, 0.3, 15), mask('d', 3, 0.4, -7.5)]
const image = '<p>caption</p><img src="brain.png" alt="Brain" /><img src="second.png" />'

const style = (x: string, angle?: string) =>
  `left:${x};top:25%;width:10%;height:5%${angle ? `;transform:rotate(${angle}deg)` : ''}`
const div = (classes: string, group: number, x: string, angle?: string) =>
  `<div class="${classes}" data-occlusion-group="${group}" style="${style(x, angle)}"></div>`
const wrap = (mode: string, side: string, group: number, inner: string) =>
  `<div class="occlusion ${mode} occlusion-${side}" data-occlusion-group="${group}"><img src="brain.png" ` +
  `alt="Brain" />${inner}</div>`

const hidden = 'occlusion-mask'
const activeMask = 'occlusion-mask occlusion-mask-active'
const revealedMask = 'occlusion-mask occlusion-mask-revealed'

test.group('Note types | occlusion', () => {
  test('groups are the distinct positive mask groups, sorted', ({ assert }) => {
    assert.deepEqual(occlusionGroups({ hideAll: true, masks }), [1, 2, 3])
    assert.deepEqual(
      occlusionGroups({
        hideAll: true,
        masks: [mask('x', 5, 0), mask('y', 2, 0), mask('z', 5, 0)],
      }),
      [2, 5]
    )
    assert.deepEqual(
      occlusionGroups({
        hideAll: true,
        masks: [mask('x', 0, 0), mask('y', 1.5, 0), { ...mask('z', 4, 0), x: Number.NaN }],
      }),
      []
    )
    assert.deepEqual(occlusionGroups(undefined), [])
    assert.deepEqual(occlusionGroups({ hideAll: false, masks: [] }), [])
  })

  test('hide all, front: every mask drawn, the asked group highlighted', ({ assert }) => {
    const html = renderOcclusion(image, { hideAll: true, masks }, 2, 'front')
    assert.equal(
      html,
      wrap(
        'occlusion-hide-all',
        'front',
        2,
        div(hidden, 1, '10%') +
          div(hidden, 1, '20%') +
          div(activeMask, 2, '30%', '15') +
          div(hidden, 3, '40%', '-7.5')
      )
    )
  })

  test('hide one, front: only the asked group is drawn', ({ assert }) => {
    const html = renderOcclusion(image, { hideAll: false, masks }, 1, 'front')
    assert.equal(
      html,
      wrap('occlusion-hide-one', 'front', 1, div(activeMask, 1, '10%') + div(activeMask, 1, '20%'))
    )
  })

  test('hide all, back: the asked group becomes an outline, the others stay', ({ assert }) => {
    const html = renderOcclusion(image, { hideAll: true, masks }, 2, 'back')
    assert.equal(
      html,
      wrap(
        'occlusion-hide-all',
        'back',
        2,
        div(hidden, 1, '10%') +
          div(hidden, 1, '20%') +
          div(revealedMask, 2, '30%', '15') +
          div(hidden, 3, '40%', '-7.5')
      )
    )
  })

  test('hide one, back: only the outline of the asked group', ({ assert }) => {
    const html = renderOcclusion(image, { hideAll: false, masks }, 3, 'back')
    assert.equal(html, wrap('occlusion-hide-one', 'back', 3, div(revealedMask, 3, '40%', '-7.5')))
  })

  test('geometry is clamped and rounded to what the sanitizer accepts', ({ assert }) => {
    const odd: OcclusionAttachment = {
      hideAll: true,
      masks: [
        { id: 'o', group: 1, x: -0.2, y: 1.7, width: 0.123456789, height: 1e-9, angle: 725.123 },
      ],
    }
    const html = renderOcclusion(image, odd, 1, 'front')
    assert.include(
      html,
      'style="left:0%;top:100%;width:12.3457%;height:0%;transform:rotate(5.12deg)"'
    )
  })

  test('output survives the field sanitizer unchanged', ({ assert }) => {
    for (const hideAll of [true, false]) {
      for (const side of ['front', 'back'] as const) {
        for (const group of [1, 2, 3]) {
          const html = renderOcclusion(image, { hideAll, masks }, group, side)
          assert.equal(sanitizeFieldHtml(html), html)
        }
      }
    }
  })

  test('a field without an image is returned as is', ({ assert }) => {
    assert.equal(
      renderOcclusion('<p>no image</p>', { hideAll: true, masks }, 1, 'front'),
      '<p>no image</p>'
    )
    assert.equal(renderOcclusion('', { hideAll: true, masks }, 1, 'front'), '')
  })
})
