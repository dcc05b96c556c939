import { labelIn, type CategoryInfo } from '../../../shared/categories';
import { imageRenditionUrl } from '../../../shared/images';
import { formatINR } from '../../../shared/money';
import { isBuyable, type Product } from '../../../shared/schemas/catalog';
import { pageTitle } from '../../../src/lib/page-titles';
import { canonicalTag, clip, jsonLdTag, metaTag, openGraphTags, SHOP_NAME, type PageHead } from './head';

/**
 * The head of a product page: title, description, canonical URL, Open Graph and Twitter card
 * tags with the product's first picture as an absolute URL to its 1280-wide rendition, its
 * price in INR, and schema.org `Product` (with `offers`) and `BreadcrumbList` JSON-LD.
 *
 * The Product carries its country of origin when known, and the MRP as the offer's strikethrough
 * price (a `UnitPriceSpecification` with `priceType` StrikethroughPrice, the form Google's merchant
 * listings read as "the higher price the product is usually offered at") only when it is above the
 * selling price. No `aggregateRating` or `review`: the shop has no reviews yet, and a rating it
 * made up would be a false claim in search results.
 */

/** Rupees with two decimals and no grouping, as Open Graph and schema.org want a price. */
const priceText = (paise: number) => (paise / 100).toFixed(2);

/** `categories`: the owner's (`catalog.categories`), for the category's label; its value without them. */
export function productHead(product: Product, publicUrl: string, categories?: readonly CategoryInfo[]): PageHead {
  const url = `${publicUrl}/product/${product._id}`;
  const categoryLabel = labelIn(categories, product.category);
  const categoryUrl = `${publicUrl}/product-category?category=${encodeURIComponent(product.category)}`;
  const cover = product.productImage[0];
  const image = cover ? new URL(imageRenditionUrl(cover, 1280), `${publicUrl}/`).toString() : undefined;
  const inStock = isBuyable(product);
  const origin = product.facts?.countryOfOrigin ?? null;
  const title = pageTitle(product.productName);
  const description = clip(
    `${formatINR(product.sellingPrice)}${inStock ? '' : ' (out of stock)'} · ${product.brandName} · ${product.description || `${categoryLabel} at ${SHOP_NAME}`}`,
    200,
  );

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
      countryOfOrigin: origin ? { '@type': 'Country', name: origin } : undefined,
      url,
      offers: {
        '@type': 'Offer',
        url,
        price: priceText(product.sellingPrice),
        priceCurrency: 'INR',
        priceSpecification:
          product.price > product.sellingPrice
            ? { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/StrikethroughPrice', price: priceText(product.price), priceCurrency: 'INR' }
            : undefined,
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
    canonicalTag(url),
    ...openGraphTags({ type: 'product', title: product.productName, description, url, image }),
    metaTag('property', 'product:price:amount', priceText(product.sellingPrice)),
    metaTag('property', 'product:price:currency', 'INR'),
    ...jsonLd.map(jsonLdTag),
  ].join('\n    ');
  return { title, description, tags };
}
