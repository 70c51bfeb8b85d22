import { useEffect, useState } from 'react'
import { pageIsDark } from '~/lib/theme'
import type { COLORS } from './types'

type Field = (typeof COLORS)[number]
export type ThemeColors = Record<'light' | 'dark', Record<Field, string>>

/* what a card shows where its preset leaves a colour out (card_face.tsx): the app theme's own */
const VARIABLE: Record<Field, string> = {
  fontColor: '--text',
  cardBackgroundColor: '--surface',
  borderColor: '--border',
  separatorColor: '--border',
  backgroundColor: '--surface',
}

const hex = (rgb: string) =>
  `#${(rgb.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0'])
    .slice(0, 3)
    .map((part) => Math.round(Number(part)).toString(16).padStart(2, '0'))
    .join('')}`

/*
 * The theme's colours in one scheme, resolved by the browser through a hidden
 * probe. The page's own scheme is what it shows (a light theme of its own
 * included); the other one is the root's colour for that scheme (app.css:
 * `--surface-dark` and its kin), since only the root resolves light-dark()
 * in the production build. The one dark theme sets no colours of its own.
 */
function read(scheme: 'light' | 'dark') {
  const probe = document.createElement('span')
  probe.style.display = 'none'
  document.body.append(probe)
  const current = pageIsDark() === (scheme === 'dark')
  const colors = Object.fromEntries(
    Object.entries(VARIABLE).map(([field, variable]) => {
      probe.style.color = current ? `var(${variable})` : `var(${variable}-${scheme})`
      return [field, hex(getComputedStyle(probe).color)]
    })
  ) as Record<Field, string>
  probe.remove()
  return colors
}

/** The colours a preset's empty fields stand for, in its light and dark variant; null before mount. */
export function useThemeColors() {
  const [colors, setColors] = useState<ThemeColors | null>(null)
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a DOM probe, after hydration (SSR has no styles)
  useEffect(() => setColors({ light: read('light'), dark: read('dark') }), [])
  return colors
}
