/** Applies a theme at once, without a reload; "system" follows prefers-color-scheme in CSS. */
export function applyTheme(theme: string) {
  document.documentElement.dataset.theme = theme
}

/** Whether the page shows its dark colours now: its theme's color-scheme, "light dark" following the device. */
export function pageIsDark() {
  const declared = getComputedStyle(document.documentElement).colorScheme
  return (
    declared.includes('dark') &&
    (!declared.includes('light') || matchMedia('(prefers-color-scheme: dark)').matches)
  )
}
