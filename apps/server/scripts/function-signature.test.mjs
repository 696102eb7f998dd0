import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { argumentTypes } from './function-signature.mjs';

describe('argumentTypes', () => {
  it('reads the types of the last definition, without names, defaults or comments', () => {
    const sql = `-- CREATE FUNCTION f(p_old text) in a comment does not count
CREATE OR REPLACE FUNCTION f(p_a text, p_b uuid) RETURNS json LANGUAGE sql AS $$ select 1 $$;
CREATE OR REPLACE FUNCTION f(p_action text, p_scrim uuid, p_team team,
  p_by uuid DEFAULT NULL, p_out uuid = NULL, p_price numeric(10, 2) DEFAULT 0) RETURNS json AS $$ select 1 $$;`;
    expect(argumentTypes(sql, 'f')).toBe('text, uuid, team, uuid, uuid, numeric(10, 2)');
  });

  it('is null for a text that does not define the function, and empty for no arguments', () => {
    expect(argumentTypes('CREATE FUNCTION other(p int) RETURNS int AS $$ select 1 $$;', 'f')).toBeNull();
    expect(argumentTypes('CREATE FUNCTION f() RETURNS int AS $$ select 1 $$;', 'f')).toBe('');
  });

  it("reads the project's own function files (the slot statement ends with who acts, the absentee and the seats)", () => {
    const file = readFileSync(new URL('../src/db/functions/scrim_slot_change.sql', import.meta.url), 'utf8');
    expect(argumentTypes(file, 'scrim_slot_change')).toBe('text, uuid, uuid, team, role, boolean, uuid, uuid, jsonb');
  });
});
