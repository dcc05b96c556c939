import { CATEGORIES } from '../../../shared/categories';
import { imageRenditionUrl } from '../../../shared/images';
import { formatINR } from '../../../shared/money';
import { isBuyable, type Product } from '../../../shared/schemas/catalog';

/**
 * The <head> of a product page as search engines and link previews (WhatsApp, Telegram,
 * Instagram, X) read it without running any script: title, description, canonical URL, Open
 * Graph and Twitter card tags with the product's first picture as an absolute URL to its
 * 1280-wide rendition, its price in INR, and schema.org `Product` (with `offers`) and
 * `BreadcrumbList` JSON-LD. Everything is escaped; JSON-LD is a data block, never run, so the
 * Content-Security-Policy stays as strict as it is.
 */

const SHOP_NAME = 'Voltmart';

const escapeHtml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c] ?? c);

/** JSON for inside a <script> element: `<` escaped, so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Rupees with two decimals and no grouping, as Open Graph and schema.org want a price. */
const priceText = (paise: number) => (paise / 100).toFixed(2);

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export type ProductHead = { title: string; description: string; tags: string };

export function productHead(product: Product, publicUrl: string): ProductHead {
  const url = `${publicUrl}/product/${product._id}`;
  const categoryLabel = CATEGORIES.find((c) => c.value === product.category)?.label ?? product.category;
  const categoryUrl = `${publicUrl}/product-category?category=${encodeURIComponent(product.category)}`;
  const cover = product.productImage[0];
  const image = cover ? new URL(imageRenditionUrl(cover, 1280), `${publicUrl}/`).toString() : undefined;
  const inStock = isBuyable(product);
  const title = `${product.productName} · ${SHOP_NAME}`;
  const description = clip(
    `${formatINR(product.sellingPrice)}${inStock ? '' : ' (out of stock)'} · ${product.brandName} · ${product.description || `${categoryLabel} at ${SHOP_NAME}`}`,
    200,
  );

  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.productName,
      description: product.description || undefined,
      sku: product._id,
      brand: { '@type': 'Brand', name: product.brandName },
      category: categoryLabel,
      image: image ? [image] : undefined,
      url,
      offers: {
        '@type': 'Offer',
        url,
        price: priceText(product.sellingPrice),
        priceCurrency: 'INR',
        availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${publicUrl}/` },
        { '@type': 'ListItem', position: 2, name: categoryLabel, item: categoryUrl },
        { '@type': 'ListItem', position: 3, name: product.productName, item: url },
      ],
    },
  ];

  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:type', 'product'),
    meta('property', 'og:title', product.productName),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', product.productName)] : []),
    meta('property', 'product:price:amount', priceText(product.sellingPrice)),
    meta('property', 'product:price:currency', 'INR'),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', product.productName),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    ...jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ].join('\n    ');
  return { title, description, tags };
}

/** index.html with the product's title and description in place of the shop's, and its tags added to the head. */
export function withProductHead(indexHtml: string, head: ProductHead): string {
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/?>/, `<meta name="description" content="${escapeHtml(head.description)}" />`)
    .replace('</head>', `    ${head.tags}\n  </head>`);
}
