// The argument types of a SQL function as a CREATE FUNCTION statement declares them, for the migration script: a
// changed list is a new function to PostgreSQL (CREATE OR REPLACE would add an overload beside the old one), so the
// migration drops the old signature first.

/** The text between the parenthesis that opens at `open` and the one that closes it. */
function enclosed(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error('unbalanced parentheses in a function signature');
}

/** Splits on the commas that are not inside parentheses (a type such as numeric(10, 2) keeps its own). */
function topLevelParts(list) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/**
 * `name`'s argument types in the last CREATE [OR REPLACE] FUNCTION of `sql` (comments ignored), as PostgreSQL
 * identifies the function: "text, uuid, boolean". Null when `sql` does not define it.
 */
export function argumentTypes(sql, name) {
  const code = sql.replace(/--[^\n]*/g, '');
  const pattern = new RegExp(`CREATE\\s+(?:OR\\s+REPLACE\\s+)?FUNCTION\\s+(?:public\\.)?${name}\\s*\\(`, 'gi');
  let last = null;
  for (const match of code.matchAll(pattern)) last = match;
  if (!last) return null;
  const params = topLevelParts(enclosed(code, last.index + last[0].length - 1));
  return params
    .map((param) => {
      const declared = param.replace(/\s+(DEFAULT\b|=).*$/is, '').trim();
      // "p_name type" (a mode such as IN is not used here): the type is all that follows the name.
      const [, ...type] = declared.split(/\s+/);
      return type.join(' ').toLowerCase();
    })
    .join(', ');
}
