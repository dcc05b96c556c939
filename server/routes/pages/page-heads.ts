import type { CategoryInfo } from '../../../shared/categories';
import { imageRenditionUrl } from '../../../shared/images';
import type { Banners, Product } from '../../../shared/schemas/catalog';
import type { Page } from '../../../src/app/page-data';
import { HOME_TITLE, pageTitle, POLICIES_TITLE, searchTitle, SHOP_NAME } from '../../../src/lib/page-titles';
import { canonicalTag, jsonLdTag, metaTag, openGraphTags, type PageHead } from './head';
import { compareAddress, compareHeading, type CompareReply } from '../../../shared/compare';
import { productHead, type DetailsReply } from './product-head';

const SHOP_DESCRIPTION = 'Voltmart: phones, earphones, watches, TVs, cameras and home appliances, delivered across India.';

const NOINDEX = metaTag('name', 'robots', 'noindex, follow');

/**
 * The head of each server-rendered page, from the answers of its queries (in `page.queries`
 * order). Category and home pages are for search engines and link previews alike; search
 * results, sign-in pages and the not-found page ask not to be indexed (their links are followed).
 */
export function pageHead(page: Page, results: readonly unknown[], publicUrl: string): PageHead {
  switch (page.kind) {
    case 'product':
      return productHead(
        results[0] as DetailsReply,
        publicUrl,
        results[page.queries.findIndex((q) => q.path === 'catalog.categories')] as CategoryInfo[] | undefined,
        page.variantSku,
      );
    case 'home': {
      const banners = results[0] as Banners;
      const cover = banners.desktop[0];
      const url = `${publicUrl}/`;
      const title = HOME_TITLE;
      const website = {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SHOP_NAME,
        url,
        potentialAction: { '@type': 'SearchAction', target: `${publicUrl}/search?q={search_term_string}`, 'query-input': 'required name=search_term_string' },
      };
      const tags = [
        canonicalTag(url),
        ...openGraphTags({
          type: 'website',
          title,
          description: SHOP_DESCRIPTION,
          url,
          image: cover ? absolute(imageRenditionUrl(cover.imageUrl, 1280), publicUrl) : undefined,
          imageAlt: cover?.alt,
        }),
        jsonLdTag(website),
      ];
      return { title, description: SHOP_DESCRIPTION, tags: tags.join('\n    ') };
    }
    case 'category': {
      // One address per choice of categories, whatever their order or the sort (the menu's order).
      const known = (results[page.queries.findIndex((q) => q.path === 'catalog.categories')] ?? []) as CategoryInfo[];
      const chosen = known.filter((c) => page.categories.includes(c.value));
      const query = chosen.map((c) => `category=${encodeURIComponent(c.value)}`).join('&');
      const url = `${publicUrl}/product-category${query ? `?${query}` : ''}`;
      const title = pageTitle(page.title);
      const description =
        chosen.length === 0
          ? `Every product at ${SHOP_NAME}: ${SHOP_DESCRIPTION.split(': ')[1]}`
          : `Shop ${page.title} at ${SHOP_NAME}, with prices in rupees and delivery across India.`;
      const first = (results[page.queries.findIndex((q) => q.infinite)] as { items: Product[] } | undefined)?.items[0]?.productImage[0];
      const tags = [
        canonicalTag(url),
        ...openGraphTags({ type: 'website', title, description, url, image: first ? absolute(imageRenditionUrl(first, 1280), publicUrl) : undefined, imageAlt: page.title }),
      ];
      if (chosen.length === 1) {
        tags.push(
          jsonLdTag({
            '@context': 'https://schema.org',
            '@type': 'BreadcrumbList',
            itemListElement: [
              { '@type': 'ListItem', position: 1, name: 'Home', item: `${publicUrl}/` },
              { '@type': 'ListItem', position: 2, name: page.title, item: url },
            ],
          }),
        );
      }
      return { title, description, tags: tags.join('\n    ') };
    }
    case 'search': {
      const title = searchTitle(page.q);
      const url = `${publicUrl}/search${page.q ? `?q=${encodeURIComponent(page.q)}` : ''}`;
      return { title, description: `Search ${SHOP_NAME}'s phones, audio, TVs and appliances.`, tags: [NOINDEX, canonicalTag(url)].join('\n    ') };
    }
    case 'compare': {
      // A shopper's own choice of products: never indexed (and not in the sitemap); its links are followed.
      const reply = (page.queries[0]?.path === 'catalog.compare' ? results[0] : undefined) as CompareReply | undefined;
      const products = reply?.products ?? [];
      return {
        title: pageTitle(compareHeading(products.map((p) => p.productName))),
        description: `Compare ${reply?.category?.label ?? 'products'} side by side at ${SHOP_NAME}: prices, specifications and warranty.`,
        tags: [NOINDEX, canonicalTag(`${publicUrl}${compareAddress(products.map((p) => p._id))}`)].join('\n    '),
      };
    }
    case 'static':
      return { title: pageTitle(page.title), description: SHOP_DESCRIPTION, tags: [NOINDEX, canonicalTag(`${publicUrl}${page.path}`)].join('\n    ') };
    case 'policies':
      return {
        title: POLICIES_TITLE,
        description: `${SHOP_NAME}'s delivery fees and times, return and refund policy, and grievance officer.`,
        tags: [canonicalTag(`${publicUrl}/policies`)].join('\n    '),
      };
    case 'not-found':
      return { title: pageTitle('Page not found'), description: SHOP_DESCRIPTION, tags: NOINDEX };
  }
}

const absolute = (pathOrUrl: string, publicUrl: string) => new URL(pathOrUrl, `${publicUrl}/`).toString();
