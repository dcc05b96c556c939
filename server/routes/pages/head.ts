/**
 * The <head> of a server-rendered page, as search engines and link previews (WhatsApp,
 * Telegram, Instagram, X) read it without running any script. Everything is escaped; JSON-LD
 * is a data block, never run, so the Content-Security-Policy stays as strict as it is.
 */

import { SHOP_NAME } from '../../../src/lib/page-titles';

export { SHOP_NAME };

export type PageHead = {
  title: string;
  description: string;
  /** Further tags (canonical link, Open Graph, JSON-LD...), already escaped. */
  tags: string;
};

export const escapeHtml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c] ?? c);

/** JSON for inside a <script> element: `<` escaped, so no text can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export const metaTag = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;

export const canonicalTag = (url: string) => `<link rel="canonical" href="${escapeHtml(url)}" />`;

export const jsonLdTag = (data: unknown) => `<script type="application/ld+json">${scriptJson(data)}</script>`;

export const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The tags every shop page shares with link previews: site name, title, description, address (and picture, if any). */
export function openGraphTags(opts: { type: 'website' | 'product'; title: string; description: string; url: string; image?: string | undefined; imageAlt?: string }): string[] {
  return [
    metaTag('property', 'og:site_name', SHOP_NAME),
    metaTag('property', 'og:type', opts.type),
    metaTag('property', 'og:title', opts.title),
    metaTag('property', 'og:description', opts.description),
    metaTag('property', 'og:url', opts.url),
    ...(opts.image ? [metaTag('property', 'og:image', opts.image), metaTag('property', 'og:image:alt', opts.imageAlt ?? opts.title)] : []),
    metaTag('name', 'twitter:card', opts.image ? 'summary_large_image' : 'summary'),
    metaTag('name', 'twitter:title', opts.title),
    metaTag('name', 'twitter:description', opts.description),
    ...(opts.image ? [metaTag('name', 'twitter:image', opts.image)] : []),
  ];
}

/** index.html with the page's title and description in place of the shop's, and its tags added to the head. */
export function withHead(indexHtml: string, head: PageHead): string {
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/?>/, `<meta name="description" content="${escapeHtml(head.description)}" />`)
    .replace('</head>', `    ${head.tags}\n  </head>`);
}
