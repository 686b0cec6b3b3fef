// Puts the bench runner's own HTML report (printers/html.js) into a VS Code webview: a strict
// Content-Security-Policy, a light page background (the report's colours assume one), and a
// toolbar with the "Apply this fix" button that posts a message back to the extension.

/**
 * @param {string} value
 */
function escapeHtml(value) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * @param {string} reportHtml a complete document from the runner's `renderHtml`
 * @param {object} options
 * @param {string} options.nonce allows only our toolbar script
 * @param {string | undefined} options.applyLabel button text; undefined for no button
 * @param {string} options.note one line above the report (what was measured, where)
 * @returns {string}
 */
export function webviewReportHtml(reportHtml, { nonce, applyLabel, note }) {
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'nonce-${nonce}';`;
  const head = `<meta http-equiv="Content-Security-Policy" content="${csp}">
<style>body{background:#fff}.unblock-toolbar{position:sticky;top:0;background:#fff;border-bottom:1px solid #d1d5db;padding:.5rem 0;display:flex;gap:1rem;align-items:center}
.unblock-toolbar button{font:inherit;padding:.35rem .9rem;border:0;border-radius:3px;background:#2563eb;color:#fff;cursor:pointer;white-space:nowrap;flex:0 0 auto}
.unblock-toolbar span{min-width:0;flex:1 1 auto}
html body{margin:.5rem 0;padding:0 12px}
.unblock-toolbar button:disabled{background:#9ca3af;cursor:default}</style>`;
  const toolbar = `<div class="unblock-toolbar">${applyLabel ? `<button id="unblock-apply">${escapeHtml(applyLabel)}</button>` : ''}<span id="unblock-note">${escapeHtml(note)}</span></div>
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
const button = document.getElementById('unblock-apply');
if (button) button.addEventListener('click', () => { button.disabled = true; vscode.postMessage({ type: 'apply' }); });
window.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'applied') {
    document.getElementById('unblock-note').textContent = event.data.text;
    if (button) button.disabled = !event.data.retry;
  }
});
</script>`;
  const withHead = /<head[^>]*>/i.test(reportHtml) ? reportHtml.replace(/<head[^>]*>/i, (m) => `${m}\n${head}`) : `${head}\n${reportHtml}`;
  return /<body[^>]*>/i.test(withHead) ? withHead.replace(/<body[^>]*>/i, (m) => `${m}\n${toolbar}`) : `${withHead}\n${toolbar}`;
}
