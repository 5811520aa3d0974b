import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 level AA, as the team measures it: target size (24 px) included. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * No serious or critical accessibility violations of WCAG 2.2 AA on the page as it is now, once its fades and
 * transitions have finished: colours are checked as people see them, not half-way through a
 * fade-in (which reads as too little contrast).
 */
export async function expectAccessible(page: Page) {
  // Endless ones (spinners) never finish, and are not what is being checked.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(bad).toEqual([]);
}

/** No contrast violations (WCAG 2.2 AA text and link contrast) on the page as it is now: quicker than the whole audit. */
export async function expectReadable(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast', 'link-in-text-block']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(', ')}`)).toEqual([]);
}
