// Issue 26.3, post[photoset_layout]: how a photo set is laid out in rows. A layout is digits 1 to
// 3, each the number of photos of the next row, adding up to the number of photos ('12': one,
// then two side by side); '' leaves it to the server's default (rows of up to three).

/** A layout that covers exactly `count` photos. */
export const layoutFits = (layout: string, count: number) =>
  /^[1-3]+$/.test(layout) && [...layout].reduce((sum, n) => sum + Number(n), 0) === count;

/** Rows of `per` photos, the last row holding what is left. */
export function evenLayout(count: number, per: 1 | 2 | 3): string {
  let layout = '';
  for (let left = count; left > 0; left -= Math.min(per, left)) layout += String(Math.min(per, left));
  return layout;
}

export const LAYOUT_PRESETS = [
  { per: 1, label: 'One photo per row' },
  { per: 2, label: 'Two photos per row' },
  { per: 3, label: 'Three photos per row' },
] as const;

/** Not spec texts: what the custom layout field says when its digits do not fit the photos. */
export function layoutProblem(layout: string, count: number): string | null {
  if (!layout) return null;
  if (!/^[1-3]+$/.test(layout)) return 'Use the digits 1, 2 and 3 only: one digit for each row.';
  const covered = [...layout].reduce((sum, n) => sum + Number(n), 0);
  if (covered !== count) return `These rows hold ${covered} ${covered === 1 ? 'photo' : 'photos'}; the post has ${count}.`;
  return null;
}
