/** Applies a theme at once, without a reload; "system" follows prefers-color-scheme in CSS. */
export function applyTheme(theme: string) {
  document.documentElement.dataset.theme = theme
}
