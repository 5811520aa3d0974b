// ESLint rule: no import cycle between the server's units (an area folder such as posts/, or a
// lower module such as visibility.ts or hydration/). import-x/no-cycle sees cycles of files; two
// areas that import each other through different files are not one, and are what layering is
// about: a unit imports downward only. Type-only imports are left out, as import-x does: they
// vanish from the JavaScript and order nothing at run time.
import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const SOURCE = /\.tsx?$/;
// Tests and their helpers (test/, notes-test-kit.ts, media/test-files.ts) build the whole app: not layers.
const TEST = /(\.test|-test-kit|test-files)\.tsx?$/;
const TEST_UNIT = 'test';

/** The unit of a file under the root: its first path segment, without the extension of a file. */
const unitOf = (root, file) => {
  const rel = path.relative(root, file);
  if (rel.startsWith('..')) return null;
  return rel.split(path.sep)[0].replace(SOURCE, '');
};

/** The units a file imports, as values, by relative paths. */
function valueImports(root, file, text) {
  const units = [];
  for (const match of text.matchAll(IMPORT)) {
    if (match[1]) continue;
    const unit = unitOf(root, path.resolve(path.dirname(file), match[2]));
    if (unit) units.push(unit);
  }
  return units;
}

const graphs = new Map();
/** Unit → units it imports, from the files on disk (read once per lint run and root). */
function unitGraph(root) {
  let graph = graphs.get(root);
  if (graph) return graph;
  graph = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) {
        const from = unitOf(root, full);
        if (from === TEST_UNIT) continue;
        const targets = graph.get(from) ?? new Set();
        for (const to of valueImports(root, full, fs.readFileSync(full, 'utf8'))) if (to !== from) targets.add(to);
        graph.set(from, targets);
      }
    }
  };
  walk(root);
  graphs.set(root, graph);
  return graph;
}

/** A path of units from `start` back to `goal`, or null. */
function pathBack(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const unit = queue.shift();
    if (unit === goal) {
      const steps = [];
      for (let at = unit; at !== null; at = previous.get(at)) steps.unshift(at);
      return steps;
    }
    for (const next of graph.get(unit) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, unit);
        queue.push(next);
      }
    }
  }
  return null;
}

export const areaCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Units of a source root (areas, lower modules) import each other in one direction only.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false }],
    messages: {
      cycle: 'Importing {{to}} from {{from}} closes an import cycle between areas: {{cycle}}. Move what both need downward (content/, visibility, hydration/, http/, db/ or src/shared).',
    },
  },
  create(context) {
    const root = path.resolve(context.cwd, context.options[0].root);
    const file = context.filename;
    const from = unitOf(root, file);
    if (!from || from === TEST_UNIT || TEST.test(file)) return {};
    const graph = unitGraph(root);
    const check = (node) => {
      if (!node.source || node.importKind === 'type' || node.exportKind === 'type') return;
      const specifier = String(node.source.value);
      if (!specifier.startsWith('.')) return;
      const to = unitOf(root, path.resolve(path.dirname(file), specifier));
      if (!to || to === from || to === TEST_UNIT) return;
      const back = pathBack(graph, to, from);
      if (back) context.report({ node, messageId: 'cycle', data: { from, to, cycle: [from, ...back].join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'area-cycles': areaCycles } };
