/** What an embedded frame may do: run its player, keep its own cookies, go full screen, open links. */
export const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';

// An opening tag, reading quoted values whole so that a '>' inside one does not end the tag.
const IFRAME_TAG = /<iframe\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
// One attribute: a name, then maybe a quoted or bare value.
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g;
const OURS = new Set(['sandbox', 'loading']);

/**
 * Gives every iframe of a sanitized HTML string our sandbox and lazy loading. It works on the
 * string, before React puts it in the page, because a frame starts loading the moment it is
 * inserted: adding the attribute after mount would be too late for the first load.
 */
export function sandboxIframes(html: string): string {
  if (!/<iframe/i.test(html)) return html;
  return html.replace(IFRAME_TAG, (_tag, attributes: string) => {
    const found = [...attributes.matchAll(ATTRIBUTE)];
    const kept = found
      .filter(([, name]) => !OURS.has(name!.toLowerCase()))
      .map(([whole]) => ` ${whole}`)
      .join('');
    const titled = found.some(([, name]) => name!.toLowerCase() === 'title');
    return `<iframe${kept}${titled ? '' : ` title="${frameTitle(found)}"`} sandbox="${IFRAME_SANDBOX}" loading="lazy">`;
  });
}

/**
 * A frame's accessible name (WCAG 4.1.2) when the post gave none: "Embedded player from
 * www.youtube.com", the host read from its src, which a screen reader user can judge.
 */
function frameTitle(attributes: RegExpMatchArray[]): string {
  const src = attributes.find(([, name]) => name!.toLowerCase() === 'src')?.[2]?.replace(/^["']|["']$/g, '');
  const host = src && URL.canParse(src.replace(/&amp;/g, '&')) ? new URL(src.replace(/&amp;/g, '&')).hostname : '';
  return host ? `Embedded player from ${host.replace(/[^a-z0-9.-]/gi, '')}` : 'Embedded player';
}
