import { z } from 'zod';

/**
 * Free text people type (names, addresses, product text, banner text, policies) goes on to the
 * invoice PDF, emails, the admin panel and the logs, so it must hold only what shows as text:
 *
 * - no control characters: C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F). A NUL
 *   cannot even be stored in PostgreSQL's text; an escape sequence (ESC [2J) or a backspace
 *   rewrites a terminal reading the logs; none prints on a page. A multi-line field keeps the new
 *   line (LF, or CRLF as textareas send it) and the tab.
 * - no invisible direction changes: the embeddings, overrides and isolates (U+202A–U+202E,
 *   U+2066–U+2069) reorder what follows ("Trojan Source"), so an address or an amount can read
 *   other than it is; and the marks (U+200E, U+200F, U+061C), which nobody types (the browser lays
 *   out Urdu or Arabic without them) yet move the digits and punctuation next to them.
 * - no Unicode line or paragraph separators (U+2028, U+2029): invisible line breaks that a log
 *   line or a one-line field would carry unseen.
 *
 * Joiners (ZWJ U+200D, ZWNJ U+200C) stay allowed: Indic scripts need them to shape letters.
 * Checked after `.trim()`, so a new line pasted at either end of a one-line field is simply
 * trimmed away.
 */
const REFUSED = /[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;
const DIRECTION = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What is wrong with `text` as the value of a one-line or multi-line field, as the end of a
 * sentence that starts with the field's name ("contains a control character (U+001B)"); null
 * when nothing is.
 */
export function textProblem(text: string, lines: 'single' | 'multi'): string | null {
  for (const match of text.matchAll(REFUSED)) {
    const char = match[0];
    if (lines === 'multi' && (char === '\n' || char === '\t' || (char === '\r' && text[match.index + 1] === '\n'))) continue;
    if (lines === 'single' && (char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029')) return 'must be on one line';
    if (DIRECTION.test(char)) return `contains an invisible direction-changing character (${codePoint(char)})`;
    if (char === '\u2028' || char === '\u2029') return `contains a Unicode ${char === '\u2028' ? 'line' : 'paragraph'} separator (${codePoint(char)}): use an ordinary new line`;
    return `contains a control character (${codePoint(char)})`;
  }
  return null;
}

const textCheck = (field: string, lines: 'single' | 'multi') =>
  z.superRefine<string>((value, ctx) => {
    const problem = textProblem(value, lines);
    if (problem) ctx.addIssue({ code: 'custom', message: `${field} ${problem}`, input: value });
  });

/**
 * The check of a one-line field (a name, an address line, a title), named `field` in the
 * message: `z.string().trim().max(100).check(singleLineText('name'))`.
 */
export const singleLineText = (field: string) => textCheck(field, 'single');

/** The check of a multi-line field (a description, a policy): new lines and tabs allowed. */
export const multiLineText = (field: string) => textCheck(field, 'multi');

/**
 * `text` as a one-line field keeps it: line breaks and tabs become spaces, every other refused
 * character is taken out. For text the shop cannot refuse because it arrives after the fact
 * (the address a shopper typed on a payment provider's page, read back once they have paid), on
 * its way to the invoice, the emails and the admin panel.
 */
export function cleanSingleLine(text: string): string {
  return text
    .replace(/[\t\n\r\u2028\u2029]+/g, ' ')
    .replace(REFUSED, '')
    .trim();
}
