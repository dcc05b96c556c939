/** An http(s) address in running text; what follows it up to a space or a quote or bracket. */
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.in/a."). */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

/** Splits plain text into runs of text and http(s) addresses, in order; joined back they give the text. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    if (start > from) parts.push({ kind: 'text', text: text.slice(from, start) });
    parts.push({ kind: 'link', href });
    from = start + href.length;
  }
  if (from < text.length) parts.push({ kind: 'text', text: text.slice(from) });
  return parts;
}

/**
 * A message's plain-text part with every http(s) address a real link. On a fresh install without
 * SMTP_URL, this is how the owner follows a password reset link: from the outbox, not an inbox.
 */
export function MailPlainText({ text }: { text: string }) {
  return (
    <pre className="max-h-96 overflow-auto rounded-xl border border-zinc-200 bg-zinc-50 p-4 font-mono text-sm whitespace-pre-wrap text-zinc-900 [overflow-wrap:anywhere]">
      {splitLinks(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline hover:text-brand-800">
            {part.href}
          </a>
        ) : (
          part.text
        ),
      )}
    </pre>
  );
}

/**
 * The HTML part made ready for a sandboxed frame's srcdoc: a `<base target="_blank">` right after
 * `<head>` (or first, without one), so a link opens in a new tab instead of inside the frame.
 */
export function htmlForFrame(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return base + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + base + html.slice(at);
}

/**
 * The HTML part as the recipient's mail client shows it. The sandbox runs no script and gives the
 * frame no access to this page (no allow-same-origin); links may open, in a tab of their own.
 */
export function MailHtmlFrame({ html }: { html: string }) {
  return (
    <iframe
      title="Message as HTML"
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={htmlForFrame(html)}
      className="h-[32rem] max-h-[60dvh] w-full rounded-xl border border-zinc-200 bg-white"
    />
  );
}
