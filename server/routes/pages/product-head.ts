import { labelIn, type CategoryInfo } from '../../../shared/categories';
import { imageRenditionUrl } from '../../../shared/images';
import { formatINR } from '../../../shared/money';
import { isBuyable, type Product } from '../../../shared/schemas/catalog';
import type { ProductOption, ProductVariant } from '../../../shared/schemas/variants';
import { variantBySku } from '../../../shared/variant-choice';
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
 *
 * A product sold in several variants (issue 27) is one page, so its JSON-LD is a `ProductGroup`
 * (Google's product variant structured data, the single-page form): `productGroupID`, `variesBy`
 * (schema.org's color and size, for options named Colour/Color and …size), and `hasVariant`, one
 * `Product` per live variant with its SKU, GTIN when it has one, name, picture, colour or size
 * (other options as `additionalProperty`), and its own offer at its own address
 * (`?variant=<SKU>`). The canonical URL is the product's, without `?variant=`, whichever variant
 * the address names: one page per product in search, its variants listed inside it (README
 * Decisions). A product sold one way keeps the plain `Product`.
 */

/** What `catalog.details` answers: the product with its options and live variants. */
export type DetailsReply = Product & { options?: ProductOption[]; variants?: ProductVariant[] };

/** Rupees with two decimals and no grouping, as Open Graph and schema.org want a price. */
const priceText = (paise: number) => (paise / 100).toFixed(2);

const offerOf = (item: { price: number; sellingPrice: number; stock: number; trackStock: boolean }, url: string) => ({
  '@type': 'Offer',
  url,
  price: priceText(item.sellingPrice),
  priceCurrency: 'INR',
  priceSpecification:
    item.price > item.sellingPrice
      ? { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/StrikethroughPrice', price: priceText(item.price), priceCurrency: 'INR' }
      : undefined,
  availability: isBuyable(item) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
  itemCondition: 'https://schema.org/NewCondition',
});

/** The schema.org property an option stands for, where Google's variants read one: colour and size. */
function variesByOf(optionName: string): 'color' | 'size' | null {
  if (/^colou?r$/i.test(optionName.trim())) return 'color';
  if (/size$/i.test(optionName.trim())) return 'size';
  return null;
}

/** The address of one variant of the product at `url`: what its picker puts in the address bar. */
export const variantUrl = (url: string, sku: string) => `${url}?variant=${encodeURIComponent(sku)}`;

/**
 * `categories`: the owner's (`catalog.categories`), for the category's label; its value without
 * them. `variantSku`: the variant the address names (`?variant=`); its price, name and picture
 * then stand in the description and link previews (an unknown one: the product's).
 */
export function productHead(product: DetailsReply, publicUrl: string, categories?: readonly CategoryInfo[], variantSku?: string | null): PageHead {
  const url = `${publicUrl}/product/${product._id}`;
  const absolute = (path: string) => new URL(imageRenditionUrl(path, 1280), `${publicUrl}/`).toString();
  const variants = product.variants ?? [];
  const grouped = variants.length > 1;
  const named = grouped ? variantBySku(variants, variantSku) : null;
  const shown = named ? { ...named, productImage: named.images.length > 0 ? named.images : product.productImage } : product;
  const shownName = named?.label ? `${product.productName} (${named.label})` : product.productName;
  const categoryLabel = labelIn(categories, product.category);
  const categoryUrl = `${publicUrl}/product-category?category=${encodeURIComponent(product.category)}`;
  const productCover = product.productImage[0];
  const productImage = productCover ? absolute(productCover) : undefined;
  const shownCover = shown.productImage[0];
  const image = shownCover ? absolute(shownCover) : undefined;
  const inStock = isBuyable(shown);
  const origin = product.facts?.countryOfOrigin ?? null;
  const title = pageTitle(product.productName);
  const description = clip(
    `${formatINR(shown.sellingPrice)}${inStock ? '' : ' (out of stock)'} · ${named?.label ? `${named.label} · ` : ''}${product.brandName} · ${product.description || `${categoryLabel} at ${SHOP_NAME}`}`,
    200,
  );

  const options = product.options ?? [];
  const variesBy = [...new Set(options.map((o) => variesByOf(o.name)).filter((p) => p !== null))];
  const group = {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: product.productName,
    description: product.description || undefined,
    productGroupID: product._id,
    brand: { '@type': 'Brand', name: product.brandName },
    category: categoryLabel,
    image: productImage ? [productImage] : undefined,
    countryOfOrigin: origin ? { '@type': 'Country', name: origin } : undefined,
    url,
    variesBy: variesBy.length > 0 ? variesBy.map((p) => `https://schema.org/${p}`) : undefined,
    hasVariant: variants.map((v) => {
      const picture = v.images[0] ?? productCover;
      const properties: Record<string, string> = {};
      const others: { '@type': 'PropertyValue'; name: string; value: string }[] = [];
      options.forEach((option, i) => {
        const value = v.optionValues[i];
        if (value === undefined) return;
        const property = variesByOf(option.name);
        if (property) properties[property] = value;
        else others.push({ '@type': 'PropertyValue', name: option.name, value });
      });
      const address = variantUrl(url, v.sku);
      return {
        '@type': 'Product',
        sku: v.sku,
        gtin: v.ean ?? undefined,
        name: v.label ? `${product.productName} (${v.label})` : product.productName,
        image: picture ? [absolute(picture)] : undefined,
        ...properties,
        additionalProperty: others.length > 0 ? others : undefined,
        url: address,
        offers: offerOf(v, address),
      };
    }),
  };

  const jsonLd = [
    grouped
      ? group
      : {
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
          offers: offerOf(product, url),
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
    ...openGraphTags({ type: 'product', title: shownName, description, url, image }),
    metaTag('property', 'product:price:amount', priceText(shown.sellingPrice)),
    metaTag('property', 'product:price:currency', 'INR'),
    ...jsonLd.map(jsonLdTag),
  ].join('\n    ');
  return { title, description, tags };
}
