import { describe, expect, it } from 'vitest';
import { pureContractSchemas } from './pure-contract-schemas';

const DIR = '/repo/packages/contracts/src/';

function transform(code: string, id = `${DIR}chat.ts`): string | null {
  const plugin = pureContractSchemas(DIR);
  const hook = plugin.transform as (code: string, id: string) => { code: string } | null;
  return hook.call({}, code, id)?.code ?? null;
}

describe('pureContractSchemas', () => {
  it('wraps each top-level schema, built from z or from another schema, in a pure call', () => {
    const out = transform(
      [
        "import { z } from './zod.ts';",
        'export const LIMIT = 10;',
        "export const MESSAGES = { blank: 'Please enter a question.' };",
        'export const citationSchema = z.object({ title: z.string().max(LIMIT) });',
        'const idSchema = z.string().uuid();',
        'export const replySchema = citationSchema.pick({ title: true });',
      ].join('\n'),
    );
    expect(out).toContain('export const LIMIT = 10;');
    expect(out).toContain("export const MESSAGES = { blank: 'Please enter a question.' };");
    expect(out).toContain(
      'export const citationSchema = /* @__PURE__ */ (() => z.object({ title: z.string().max(LIMIT) }))();',
    );
    expect(out).toContain('const idSchema = /* @__PURE__ */ (() => z.string().uuid())();');
    expect(out).toContain(
      'export const replySchema = /* @__PURE__ */ (() => citationSchema.pick({ title: true }))();',
    );
  });

  it('leaves other calls and statements, and files outside the contracts, as they are', () => {
    const code = [
      'export const started = Date.now();',
      "if ('document' in globalThis) z.config({ jitless: true });",
    ].join('\n');
    expect(transform(code)).toBeNull();
    expect(transform('export const s = z.string();', '/repo/apps/web/src/x.ts')).toBeNull();
  });
});
