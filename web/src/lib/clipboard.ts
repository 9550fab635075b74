/**
 * Writes text to the clipboard; `execCommand('copy')` where the Clipboard API
 * is missing (a deployment served over plain http) or refuses.
 */
export async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, no focus): the old way below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (typeof document.execCommand !== 'function' || !document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}
