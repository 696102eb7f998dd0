// Lint rule `scrim-gym/no-module-cycle`: reports an import of another unit (a server module, a web feature, an
// infrastructure folder: module-graph.mjs lists them) when that unit, in any of its product files, imports this
// file's unit back. Type-only imports count: a two-way pair is one unit in disguise, whatever is imported.
import { dirname, relative, resolve } from 'node:path';
import { isTestFile, REPO_ROOT, unitImports, unitOf } from './module-graph.mjs';

export const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid two modules (or features) that import each other.' },
    schema: [],
    messages: {
      twoWay: '{{from}} imports {{to}}, and {{to}} imports {{from}} back ({{back}}). Make the dependency one-way.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (isTestFile(file)) return {};
    const unit = unitOf(file);
    if (!unit) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = unitOf(resolve(dirname(file), source.value));
      if (!target || target === unit) return;
      const back = unitImports(target).get(unit);
      if (!back) return;
      const rel = (path) => relative(REPO_ROOT, path);
      context.report({
        node: source,
        messageId: 'twoWay',
        data: { from: rel(unit), to: rel(target), back: [...new Set(back.map(rel))].join(', ') },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
