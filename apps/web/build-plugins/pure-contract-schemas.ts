import MagicString from 'magic-string';
import { parseAst, type Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** The identifier a call chain starts from: `z` for `z.string().max(3)`, undefined for `f()()`. */
function chainRoot(node: Node): string | undefined {
  let current: Node = node;
  for (;;) {
    if (current.type === 'CallExpression') current = current.callee as Node;
    else if (current.type === 'MemberExpression') current = current.object as Node;
    else return current.type === 'Identifier' ? (current.name as string) : undefined;
  }
}

/** A schema built from zod or from another schema: `z.object(…)`, `userSchema.pick(…)`. */
const isSchemaExpression = (init: Node) =>
  init.type === 'CallExpression' &&
  ((root) => root === 'z' || (root?.endsWith('Schema') ?? false))(chainRoot(init));

/** The top-level `const x = …` and `export const x = …` declarators of a module. */
function topLevelInitialisers(program: { body: Node[] }): Node[] {
  return program.body.flatMap((statement) => {
    const declaration =
      statement.type === 'ExportNamedDeclaration'
        ? (statement.declaration as Node | null)
        : statement;
    if (declaration?.type !== 'VariableDeclaration') return [];
    return (declaration.declarations as Node[]).flatMap((d) => (d.init ? [d.init as Node] : []));
  });
}

/**
 * Marks the shared contracts' top-level schemas as pure (`/* @__PURE__ *\/`). A bundler cannot know that
 * building a zod schema has no side effects, so a page importing one constant from a contracts
 * module (a message, a limit) would otherwise load every schema in it, and zod with them. Marked,
 * a schema no page uses is dropped, and a page that validates nothing loads no zod.
 */
export function pureContractSchemas(contractsDir: string): Plugin {
  return {
    name: 'pure-contract-schemas',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(contractsDir)) return null;
      const program = parseAst(code, { lang: 'js' }) as unknown as { body: Node[] };
      const schemas = topLevelInitialisers(program).filter(isSchemaExpression);
      if (schemas.length === 0) return null;
      const source = new MagicString(code);
      // `/* @__PURE__ */ z.object({ a: z.string() })` would drop only the outer call and keep
      // `z.string()`; a pure call of a function holding the whole expression drops all of it
      for (const init of schemas) {
        source.appendLeft(init.start, '/* @__PURE__ */ (() => ');
        source.appendRight(init.end, ')()');
      }
      return { code: source.toString(), map: source.generateMap({ hires: true }) };
    },
  };
}
