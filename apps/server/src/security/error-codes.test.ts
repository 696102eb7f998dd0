import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from '@scrim-gym/shared';
import { createTestApp, type TestContext } from '../test/app.js';

/*
 * The error codes are a closed list (ERROR_CODES in packages/shared): the typecheck holds every AppError and
 * acknowledgement to it; this file checks what the types cannot see (codes written as plain strings, codes no
 * code path uses any more) and that the OpenAPI document tells clients the whole list.
 */

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `code: 'X'`, `code === 'X'`, an error helper's or AppError's code argument, a returned code, the slots' refusals. */
const CODE_CONTEXT =
  /\bcode\b|\breturn '|\b(badRequest|unauthorized|forbidden|notFound|conflict|AppError)\(|Refusal\b|^\s*\| '/;
const UPPER_LITERAL = /'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})'/g;

describe('error codes', () => {
  const files = sourceFiles(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));

  it('every code the server writes is in ERROR_CODES', () => {
    const outside: string[] = [];
    const seen = new Set<string>();
    for (const { path, text } of files) {
      // Riot's own bodies and the Riot client's codes are Riot's contract, not ours.
      if (path.startsWith('riot/')) continue;
      text.split('\n').forEach((line, index) => {
        if (!CODE_CONTEXT.test(line)) return;
        for (const [, literal] of line.matchAll(UPPER_LITERAL)) {
          seen.add(literal!);
          if (!isErrorCode(literal) && !NOT_CODES.has(literal!)) outside.push(`${path}:${index + 1} ${literal}`);
        }
      });
    }
    expect(outside).toEqual([]);
    // The scan sees the codes it is meant to (a scan that finds nothing proves nothing).
    expect(ERROR_CODES.filter((code) => !seen.has(code))).toEqual([]);
  });

  it('every code in ERROR_CODES is written somewhere by the server (no dead codes)', () => {
    const all = files.map((f) => f.text).join('\n');
    expect(ERROR_CODES.filter((code) => !all.includes(`'${code}'`))).toEqual([]);
  });

  describe('the OpenAPI document', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp();
    });
    afterAll(() => ctx.close());

    it('lists every code, once as a component and in every documented error body', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
      const doc = res.json() as {
        components: { schemas: Record<string, { enum?: string[] }> };
        paths: Record<string, Record<string, { responses?: Record<string, ErrorResponse> }>>;
      };
      expect(doc.components.schemas.ErrorCode?.enum).toEqual([...ERROR_CODES]);

      const codeEnums: string[][] = [];
      for (const operations of Object.values(doc.paths)) {
        for (const operation of Object.values(operations)) {
          for (const [status, response] of Object.entries(operation.responses ?? {})) {
            if (Number(status) < 400) continue;
            const code = response.content?.['application/json']?.schema?.properties?.code;
            if (code) codeEnums.push(code.enum ?? []);
          }
        }
      }
      expect(codeEnums.length).toBeGreaterThan(20);
      for (const codes of codeEnums) expect(codes).toEqual([...ERROR_CODES]);
    });
  });
});

interface ErrorResponse {
  content?: Record<string, { schema?: { properties?: Record<string, { enum?: string[] }> } }>;
}

/**
 * Upper-case literals on a line the scan looks at that are not error codes: a setting's name, a SQL operation, the
 * slot statement's refusal for a deleted account (answered as UNAUTHORIZED, like any request without a session).
 */
const NOT_CODES = new Set(['PUBLIC_URL', 'INSERT', 'USER_DELETED']);
