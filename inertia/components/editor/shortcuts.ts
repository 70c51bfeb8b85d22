import { useT } from '~/lib/i18n'

/** Apple keyboards use ⌘ where others use Ctrl ("Mod" in tiptap's terms). */
function isMac() {
  return (
    typeof navigator !== 'undefined' &&
    /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent)
  )
}

/** Ctrl on Windows/Linux, ⌘ on Apple devices. */
export function isMod(event: { ctrlKey: boolean; metaKey: boolean }) {
  return isMac() ? event.metaKey : event.ctrlKey
}

/**
 * Formats a shortcut written as "Mod+Shift+C" for tooltips: "Ctrl+Shift+C"
 * (key names translated) or "⌘⇧C" on Apple devices. Only rendered once a
 * tooltip is visible, so server and client output never have to agree.
 */
export function useShortcut() {
  const t = useT()
  return (combo: string) => {
    const mac = isMac()
    const names: Record<string, string> = {
      Mod: mac ? '⌘' : t('editor.keys.ctrl'),
      Shift: mac ? '⇧' : t('editor.keys.shift'),
      Alt: mac ? '⌥' : t('editor.keys.alt'),
      Enter: t('editor.keys.enter'),
      Space: t('editor.keys.space'),
      Delete: t('editor.keys.delete'),
      Up: '↑',
      Down: '↓',
    }
    return combo
      .split('+')
      .map((part) => names[part] ?? part)
      .join(mac ? '' : '+')
  }
}
