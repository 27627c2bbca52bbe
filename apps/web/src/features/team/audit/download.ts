/** Starts a browser download of a same-origin URL (the browser streams it to disk and sends the session cookie). */
export function downloadUrl(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
