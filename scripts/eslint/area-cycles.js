// ESLint rule: no import cycle between units of a source root. With `unit: 'area'` a unit is the
// first path segment (an area folder such as posts/, or a lower module such as visibility.ts or
// hydration/): two areas that import each other through different files are not a cycle of files,
// and are what layering is about, since a unit imports downward only. With `unit: 'file'` a unit
// is one module (what import-x/no-cycle checks; its resolver needs platform binaries that npm
// cannot always install from the lock file, and the code base imports its own files by relative
// paths only). Type-only imports are left out: they vanish from the JavaScript and order nothing.
import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const SOURCE = /\.tsx?$/;
// Tests and their helpers (test/, notes-test-kit.ts, media/test-files.ts) build the whole app: not layers.
const TEST = /(\.test|-test-kit|test-files)\.tsx?$/;
const TEST_UNIT = 'test';

/** A module's path without its extension; a folder imported by name stands for its index. */
function modulePath(file) {
  const bare = file.replace(SOURCE, '');
  return fs.existsSync(bare) && fs.statSync(bare).isDirectory() ? path.join(bare, 'index') : bare;
}

/** The unit of a file under the root: an area (first path segment) or the module itself. */
const unitOf = (root, file, mode = 'area') => {
  const rel = path.relative(root, file);
  if (rel.startsWith('..')) return null;
  if (mode === 'file') return path.relative(root, modulePath(file));
  return rel.split(path.sep)[0].replace(SOURCE, '');
};

/** The units a file imports, as values, by relative paths. */
function valueImports(root, file, text, mode) {
  const units = [];
  for (const match of text.matchAll(IMPORT)) {
    if (match[1]) continue;
    const unit = unitOf(root, path.resolve(path.dirname(file), match[2]), mode);
    if (unit) units.push(unit);
  }
  return units;
}

const graphs = new Map();
/** Unit → units it imports, from the files on disk (read once per lint run, root and mode). */
function unitGraph(root, mode) {
  const key = `${mode}:${root}`;
  let graph = graphs.get(key);
  if (graph) return graph;
  graph = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) {
        const from = unitOf(root, full, mode);
        if (from === TEST_UNIT) continue;
        const targets = graph.get(from) ?? new Set();
        for (const to of valueImports(root, full, fs.readFileSync(full, 'utf8'), mode)) if (to !== from) targets.add(to);
        graph.set(from, targets);
      }
    }
  };
  walk(root);
  graphs.set(key, graph);
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
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, unit: { enum: ['area', 'file'] } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'Importing {{to}} from {{from}} closes an import cycle between areas: {{cycle}}. Move what both need downward (on the server: content/, visibility, rules/, hydration/, http/, db/; in the client: ui/, post/, page/, api/; or src/shared).',
      fileCycle: 'Importing {{to}} from {{from}} closes an import cycle of modules: {{cycle}}. Move what both need into a module both can import.',
    },
  },
  create(context) {
    const root = path.resolve(context.cwd, context.options[0].root);
    const mode = context.options[0].unit ?? 'area';
    const file = context.filename;
    const from = unitOf(root, file, mode);
    if (!from || from === TEST_UNIT || TEST.test(file)) return {};
    const graph = unitGraph(root, mode);
    const check = (node) => {
      if (!node.source || node.importKind === 'type' || node.exportKind === 'type') return;
      const specifier = String(node.source.value);
      if (!specifier.startsWith('.')) return;
      const to = unitOf(root, path.resolve(path.dirname(file), specifier), mode);
      if (!to || to === from || to === TEST_UNIT) return;
      const back = pathBack(graph, to, from);
      const messageId = mode === 'file' ? 'fileCycle' : 'cycle';
      if (back) context.report({ node, messageId, data: { from, to, cycle: [from, ...back].join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

// One rule under two names, so that a file can be checked in both modes at once.
export default { rules: { 'area-cycles': areaCycles, 'module-cycles': areaCycles } };
