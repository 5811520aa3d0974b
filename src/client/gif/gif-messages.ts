// What the popover says instead of results (spec 1 §8 "GIF search without results").

/** One is picked at random when a search finds nothing and the server sent no message. */
export const NO_RESULTS_JOKES = [
  'Nothing turned up. Bummer.',
  'Zero GIFs. Zilch. Nada.',
  'We looked everywhere. Not a single GIF.',
  'No GIFs here. Just tumbleweeds.',
  'That search came back empty-handed.',
] as const;

export function randomJoke(random: () => number = Math.random): string {
  return NO_RESULTS_JOKES[Math.floor(random() * NO_RESULTS_JOKES.length)] ?? NO_RESULTS_JOKES[0];
}

/**
 * A server message as plain text: script and link elements go with their contents, the other
 * markup is dropped and its text kept. Parsed in an inert template, so nothing in it runs or loads;
 * the result is rendered as text, never as HTML.
 */
export function messageText(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of Array.from(template.content.querySelectorAll('script, link'))) element.remove();
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}
