// The one escaping of text into HTML the server writes by hand (embed pages, share data, link
// players); emails go through mail/templates.ts (eta, which escapes by default). The sanitizer keeps
// its own encoder (content/sanitize.ts), which must agree with sanitize-html's output byte for byte.
/** Text into HTML text or a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

