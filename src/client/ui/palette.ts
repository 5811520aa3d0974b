// The colour palette in use (issue 24 item 10), set as <html data-palette> for palettes.css. The
// person's choice comes with the user info; it is kept in local storage too, so the next visit
// starts in it before the user info arrives. "system" follows the system's dark setting, live.
import { PALETTES, type Palette } from '../../shared/constants';

const STORAGE_KEY = 'tumbleweed:palette';
const prefersDark = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;

let chosen: Palette = 'system';

function paint() {
  document.documentElement.dataset.palette = chosen === 'system' ? (prefersDark() ? 'dark' : 'navy') : chosen;
}

/** Uses `palette` from now on, and remembers it for the next visit. */
export function applyPalette(palette: Palette) {
  chosen = palette;
  try {
    localStorage.setItem(STORAGE_KEY, palette);
  } catch {
    // Storage refused (private mode): the palette still applies to this visit.
  }
  paint();
}

/** At start: the palette remembered from the last visit, or the system's; follows the system's changes. */
export function startPalette() {
  let stored: string | null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    stored = null;
  }
  chosen = (PALETTES as readonly string[]).includes(stored ?? '') ? (stored as Palette) : 'system';
  paint();
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', paint);
}
