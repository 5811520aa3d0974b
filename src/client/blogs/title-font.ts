import { useEffect, useState, type CSSProperties } from 'react';
import { blogFont, type BlogFont } from '../../shared/blog-fonts';

/** One load per font and weight for the page's life: every title in that font shares it. */
const loads = new Map<string, Promise<void>>();

function load(font: BlogFont, bold: boolean): Promise<void> {
  const path = bold && font.bold_path ? font.bold_path : font.path;
  let loading = loads.get(path);
  if (!loading) {
    const face = new FontFace(font.family, `url("${path}") format("woff2")`, { weight: bold && font.bold_path ? '700' : '400', display: 'swap' });
    loading = face.load().then((loaded) => {
      document.fonts.add(loaded);
    });
    // A font that fails to load leaves the title in the default font, and is tried again next time.
    loading.catch(() => loads.delete(path));
    loads.set(path, loading);
  }
  return loading;
}

/**
 * The style of a blog title in its theme's font (spec 1 §3's table). The font's file is fetched
 * only when a title on the page uses it, and the title keeps the default font until it arrives.
 * The default (Gibson) and unknown names need nothing.
 */
export function useTitleFont(theme: { title_font?: string; title_font_weight?: 'bold' | 'regular' } | undefined): CSSProperties | undefined {
  const font = blogFont(theme?.title_font);
  const bold = theme?.title_font_weight !== 'regular';
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!font || typeof FontFace === 'undefined') return;
    let live = true;
    load(font, bold).then(
      () => live && setReady(true),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [font, bold]);
  if (!font || !ready) return undefined;
  return { fontFamily: `"${font.family}", var(--title-fallback, system-ui, sans-serif)`, fontWeight: bold ? 700 : 400 };
}
