// Local ESLint rules that keep the API's walls (docs/decisions/012-api-modules-and-ports.md):
//   api/module-boundaries — a module imports another module only through its public index
//                           (modules/<name>/index.ts) or its plugin (modules/<name>/plugin.ts);
//   api/table-ownership   — only the module that owns a table inserts, updates or deletes its
//                           rows (drizzle's db.insert/update/delete and raw `sql` statements);
//   api/no-cycle          — no runtime import cycle between API source files (type-only
//                           imports are erased by the compiler and do not count).
// Plain ESLint rules over the AST and the files on disk: no plugin to install, fast on 2 cores.
import fs from 'node:fs';
import path from 'node:path';

const MODULE_DIR = `${path.sep}src${path.sep}modules${path.sep}`;
const SRC_DIR = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}`;

/** The module a file belongs to: `payments` for …/src/modules/payments/checkout.ts; else the top folder under src (`seed`, `jobs`). */
export function ownerOf(filename) {
  const normalized = path.normalize(filename);
  const m = normalized.indexOf(MODULE_DIR);
  if (m >= 0) return normalized.slice(m + MODULE_DIR.length).split(path.sep)[0];
  const s = normalized.indexOf(SRC_DIR);
  if (s >= 0) {
    const rest = normalized.slice(s + SRC_DIR.length).split(path.sep);
    return rest.length > 1 ? rest[0] : undefined;
  }
  return undefined;
}

function resolveImport(fromFile, source) {
  if (!source.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(fromFile), source);
  const candidates = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, path.join(target, 'index.ts')];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? candidates[0];
}

const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "A module imports another module's public index or plugin, never its internals." },
    schema: [],
    messages: {
      internal:
        "'{{source}}' is an internal file of the {{target}} module: import from '{{target}}/index.js' (its public face) or call app.{{target}}.",
    },
  },
  create(context) {
    const filename = context.filename;
    const from = ownerOf(filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const resolved = resolveImport(filename, source);
      if (!resolved || !path.normalize(resolved).includes(MODULE_DIR)) return;
      const target = ownerOf(resolved);
      if (!target || target === from) return;
      const file = path.basename(resolved);
      const relativeToModule = path.normalize(resolved).split(`${MODULE_DIR}${target}${path.sep}`)[1];
      if (relativeToModule === file && /^(index|plugin)\.(ts|js)$/.test(file)) return;
      context.report({ node: node.source, messageId: 'internal', data: { source, target } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const WRITES = new Set(['insert', 'update', 'delete']);
const RAW_WRITE = /\b(update|insert\s+into|delete\s+from)\s*$/i;

const tableOwnership = {
  meta: {
    type: 'problem',
    docs: { description: "A module writes only the tables it owns; other modules' rows change through that module." },
    schema: [
      {
        type: 'object',
        properties: {
          /** table export of db/schema.ts → the module (folder) that owns it, or a list of them. */
          owners: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } },
          /** folder → tables it may write besides its own (a documented exception). */
          allow: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      notOwner: "The {{module}} module writes '{{table}}', which belongs to the {{owner}} module: call app.{{owner}} (its plugin) instead.",
      unknown: "'{{table}}' has no owner in the table-ownership map (eslint.config.js): give it one.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const owners = options.owners ?? {};
    const allow = options.allow ?? {};
    const module = ownerOf(context.filename);
    if (!module) return {};
    // Local names bound to table exports of db/schema.
    const tables = new Map();
    const report = (node, table) => {
      const owner = owners[table];
      if (owner === undefined) {
        context.report({ node, messageId: 'unknown', data: { table } });
        return;
      }
      const list = Array.isArray(owner) ? owner : [owner];
      if (list.includes(module) || (allow[module] ?? []).includes(table)) return;
      context.report({ node, messageId: 'notOwner', data: { module, table, owner: list.join(' or ') } });
    };
    return {
      ImportDeclaration(node) {
        if (!/\/db\/schema(\.js|\.ts)?$/.test(String(node.source.value))) return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier') tables.set(spec.local.name, spec.imported.name ?? spec.imported.value);
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !WRITES.has(callee.property.name)) return;
        const [arg] = node.arguments;
        if (arg?.type === 'Identifier' && tables.has(arg.name)) report(arg, tables.get(arg.name));
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        const { quasis, expressions } = node.quasi;
        expressions.forEach((expression, i) => {
          if (expression.type === 'Identifier' && tables.has(expression.name) && RAW_WRITE.test(quasis[i].value.cooked ?? '')) {
            report(expression, tables.get(expression.name));
          }
        });
      },
    };
  },
};

// ── Cycles ─────────────────────────────────────────────────────────────────
const IMPORT_RE = /^\s*(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const importCache = new Map();

/** A file's runtime relative imports, resolved (type-only ones left out). */
function runtimeImports(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const cached = importCache.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs) return cached.imports;
  const text = fs.readFileSync(file, 'utf8');
  const imports = [];
  for (const match of text.matchAll(IMPORT_RE)) {
    if (match[1] || isTypeOnlyClause(match[2])) continue;
    const resolved = resolveImport(file, match[3]);
    if (resolved) imports.push(resolved);
  }
  importCache.set(file, { mtimeMs: stat.mtimeMs, imports });
  return imports;
}

function isTypeOnlyClause(clause) {
  if (!clause) return false;
  const braces = /^\{([^}]*)\}$/s.exec(clause.trim());
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No runtime import cycle between API source files.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{path}}.' },
  },
  create(context) {
    const filename = path.normalize(context.filename);
    const isTypeOnly = (node) =>
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || isTypeOnly(node)) return;
      const start = resolveImport(filename, source);
      if (!start) return;
      // Depth-first from the imported file, looking for a way back to this one.
      const seen = new Set();
      const trail = [];
      const walk = (file) => {
        if (file === filename) return true;
        if (seen.has(file)) return false;
        seen.add(file);
        trail.push(file);
        for (const next of runtimeImports(file)) if (walk(next)) return true;
        trail.pop();
        return false;
      };
      if (walk(start)) {
        const rel = (f) => path.relative(path.dirname(filename), f);
        context.report({
          node: node.source,
          messageId: 'cycle',
          data: { path: [path.basename(filename), ...trail.map(rel), path.basename(filename)].join(' → ') },
        });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default {
  meta: { name: 'benchmarket-api' },
  rules: { 'module-boundaries': moduleBoundaries, 'table-ownership': tableOwnership, 'no-cycle': noCycle },
};
