import { useEffect, useState } from 'react'
import { pageIsDark } from '~/lib/theme'

export type CardTheme = {
  scheme: 'light' | 'dark'
  text: string
  muted: string
  surface: string
  border: string
  accent: string
  danger: string
}

/**
 * The app theme's colours, resolved (light-dark() and all) by the browser:
 * a hidden probe takes each CSS variable as its colour and reads it back.
 */
function readTheme(): CardTheme {
  const probe = document.createElement('span')
  probe.style.display = 'none'
  document.body.append(probe)
  const read = (variable: string) => {
    probe.style.color = `var(${variable})`
    return getComputedStyle(probe).color
  }
  const theme: CardTheme = {
    scheme: pageIsDark() ? 'dark' : 'light',
    text: read('--text'),
    muted: read('--muted'),
    surface: read('--surface'),
    border: read('--border'),
    accent: read('--accent'),
    danger: read('--danger'),
  }
  probe.remove()
  return theme
}

/** null on the server and before mount; follows theme switches and the device's dark mode. */
export function useCardTheme() {
  const [theme, setTheme] = useState<CardTheme | null>(null)
  useEffect(() => {
    const update = () =>
      setTheme((previous) => {
        const next = readTheme()
        return previous && JSON.stringify(previous) === JSON.stringify(next) ? previous : next
      })
    update()
    const observer = new MutationObserver(update)
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme', 'class', 'style'],
    })
    const media = matchMedia('(prefers-color-scheme: dark)')
    media.addEventListener('change', update)
    return () => {
      observer.disconnect()
      media.removeEventListener('change', update)
    }
  }, [])
  return theme
}
