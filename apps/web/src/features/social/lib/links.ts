/** A run of a message's text: plain text, or a web address to open. */
export type MessagePart = { text: string } | { text: string; href: string };

/** An http(s) address up to the next space; quotes and angle brackets end it too. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that closes a sentence or a bracket after an address rather than belonging to it. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Splits a message into text and the web addresses in it, so a page can make each address a link. Only http and
 * https addresses that parse are links (never `javascript:` or another scheme); everything stays text otherwise.
 */
export function splitLinks(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    const href = safeHref(address);
    if (!href) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: address, href });
    last = match.index + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
