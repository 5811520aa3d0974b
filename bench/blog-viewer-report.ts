// The blog viewer scenario's printout: each figure against the goal issue 13 sets for it.
import os from 'node:os';
import type { BlogViewerResult, BlogViewerSettings } from './blog-viewer';
import type { Outcome } from './report';

const DRAWER_RATIO_GOAL = 0.7;
const SEARCH_RATIO_GOAL = 0.6;
const SEARCH_P99_GOAL_MS = 20;
const TYPEAHEAD_P99_GOAL_MS = 5;

const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
const ms = (value: number) => `${value.toFixed(2)} ms`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('   ').trimEnd()).join('\n');
}

/** Prints the result; returns the summary lines (goal and whether it was met). */
export function printBlogViewer(settings: BlogViewerSettings, outcome: Outcome<BlogViewerResult>): string[][] {
  console.log('\n== Blog viewer drawer and in-blog search (1,000,000 posts, PostgreSQL) ==');
  if (!outcome.ok) {
    console.log(`failed: ${outcome.reason}`);
    return [['blog viewer', 'failed', '', '']];
  }
  const r = outcome.value;
  if ('skipped' in r) {
    console.log(`skipped: ${r.skipped}`);
    return [['blog viewer', 'skipped', '', '']];
  }
  console.log(
    `data made in ${(r.generatedMs / 1000).toFixed(0)} s; largest blog ${r.largest.name} with ${r.largest.posts} posts; ` +
      `same SQL as the bare route: ${r.sameSql}; same JSON: ${r.sameJson}`,
  );
  // Figures taken on a busy machine are not the goals' figures: the load says how busy it was.
  console.log(`load average at the end of the scenario: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} (1, 5, 15 min)`);
  console.log(`throughput: ${settings.rounds} rounds of ${settings.seconds} s, ${settings.connections} connections`);
  const ratioRows = [
    ['', 'ours req/s', 'bare req/s', 'ratio', 'goal', ''],
    ['drawer first page (50 blogs)', r.drawer.ours.toFixed(0), r.drawer.bare.toFixed(0), r.drawer.ratio.toFixed(2), `>= ${DRAWER_RATIO_GOAL}`, mark(r.drawer.ratio >= DRAWER_RATIO_GOAL)],
    ['blog search (largest blog)', r.search.ours.toFixed(0), r.search.bare.toFixed(0), r.search.ratio.toFixed(2), `>= ${SEARCH_RATIO_GOAL}`, mark(r.search.ratio >= SEARCH_RATIO_GOAL)],
  ];
  console.log(table(ratioRows));
  if (r.drawer.failures + r.search.failures > 0) console.log(`failed requests under load: ${r.drawer.failures + r.search.failures}`);

  console.log(`\nlatency: ${settings.latencyRequests} sequential requests each, servers taking turns`);
  const goalOf = (label: string) => (label.startsWith('typeahead') ? TYPEAHEAD_P99_GOAL_MS : label.startsWith('blog search') ? SEARCH_P99_GOAL_MS : null);
  const latencyRows = [['', 'ours median', 'ours p99', 'bare median', 'bare p99', 'goal', '']];
  for (const row of r.latency) {
    const goal = goalOf(row.label);
    latencyRows.push([
      row.label, ms(row.ours.median), ms(row.ours.p99), row.bare ? ms(row.bare.median) : '-', row.bare ? ms(row.bare.p99) : '-',
      goal === null ? '' : `p99 < ${goal} ms`, goal === null ? '' : mark(row.ours.p99 < goal),
    ]);
  }
  console.log(table(latencyRows));

  console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the queries as our app sends them:');
  const explainRows = [['', 'ms', 'buffers hit', 'read', 'rows', 'indexes', 'seq scans']];
  for (const e of r.explain) {
    explainRows.push([e.label, e.ms.toFixed(2), String(e.hit), String(e.read), String(e.rows), e.indexes.join(', '), e.seqScans.join(', ') || 'none']);
  }
  console.log(table(explainRows));

  const searchP99 = Math.max(...r.latency.filter((l) => l.label.startsWith('blog search')).map((l) => l.ours.p99));
  const typeaheadP99 = Math.max(...r.latency.filter((l) => l.label.startsWith('typeahead')).map((l) => l.ours.p99));
  return [
    ['drawer first page, ours / bare', r.drawer.ratio.toFixed(2), `>= ${DRAWER_RATIO_GOAL}`, mark(r.drawer.ratio >= DRAWER_RATIO_GOAL)],
    ['blog search, ours / bare', r.search.ratio.toFixed(2), `>= ${SEARCH_RATIO_GOAL}`, mark(r.search.ratio >= SEARCH_RATIO_GOAL)],
    ['blog search p99 (largest blog)', ms(searchP99), `< ${SEARCH_P99_GOAL_MS} ms`, mark(searchP99 < SEARCH_P99_GOAL_MS)],
    ['typeahead p99', ms(typeaheadP99), `< ${TYPEAHEAD_P99_GOAL_MS} ms`, mark(typeaheadP99 < TYPEAHEAD_P99_GOAL_MS)],
  ];
}
