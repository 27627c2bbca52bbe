/** Clipboard writes; a failure is only logged (spec 01 §8). */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    // Without clipboard permission (http, iframe), a hidden textarea and execCommand still work.
    try {
      const ta = document.createElement('textarea');
      ta.value = text;
      ta.style.position = 'fixed';
      ta.style.opacity = '0';
      document.body.appendChild(ta);
      ta.select();
      const ok = document.execCommand('copy');
      ta.remove();
      if (ok) return true;
    } catch {
      /* fall through */
    }
    console.error('Clipboard write failed:', e);
    return false;
  }
}

export async function readClipboard(): Promise<string | null> {
  try {
    return await navigator.clipboard.readText();
  } catch (e) {
    console.error('Clipboard read failed:', e);
    return null;
  }
}
