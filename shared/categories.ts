/**
 * The twelve categories of spec §3, as the first release had them. Categories are the owner's
 * rows now (the `categories` table, which migration 2026-12-03-01-categories filled with these):
 * this list is only for tests, the demo catalogue and the first release's defaults. What the shop
 * sells is the server's list (`catalog.categories`).
 */
export const CATEGORIES = [
  { label: 'Airpodes', value: 'airpodes' },
  { label: 'Camera', value: 'camera' },
  { label: 'Earphones', value: 'earphones' },
  { label: 'Mobiles', value: 'mobiles' },
  { label: 'Mouse', value: 'Mouse' },
  { label: 'Printers', value: 'printers' },
  { label: 'Processor', value: 'processor' },
  { label: 'Refrigerator', value: 'refrigerator' },
  { label: 'Speakers', value: 'speakers' },
  { label: 'Trimmers', value: 'trimmers' },
  { label: 'Televisions', value: 'televisions' },
  { label: 'Watches', value: 'watches' },
] as const;

/** A category's value: the slug products and /api carry (one of the owner's categories). */
export type Category = string;
/** One of the spec's twelve. */
export type SpecCategory = (typeof CATEGORIES)[number]['value'];

/** The spec's twelve values. */
export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as readonly SpecCategory[] as readonly [SpecCategory, ...SpecCategory[]];

/** The most categories a shop holds (menus and filter lists stay usable). */
export const MAX_CATEGORIES = 100;
export const CATEGORY_VALUE_MAX = 40;
/** What a category's value may look like: letters, digits and single hyphens (the spec's 'Mouse' keeps its capital). */
export const CATEGORY_VALUE_PATTERN = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

/** The spec's label of one of the twelve (the value itself for any other): for tests and logs; pages use the server's list. */
export function categoryLabel(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** A home page row: a category's products under a heading, with small or large cards. */
export type HomeRowCards = 'small' | 'large';
export const HOME_ROW_CARDS: readonly HomeRowCards[] = ['small', 'large'];

/** A category as the storefront reads it (`catalog.categories`), in menu order. */
export type CategoryInfo = {
  value: Category;
  label: string;
  position: number;
  /** Unlisted: no bubble, home row or filter entry; its page and products still answer at their addresses. */
  hidden: boolean;
  homeRow: { heading: string; cards: HomeRowCards; position: number } | null;
};

/** The spec's home rows (§2), in order: what migration 2026-12-03-01-categories gave the twelve. */
const SPEC_HOME_ROWS: readonly [SpecCategory, string, HomeRowCards][] = [
  ['airpodes', "Top's Airpodes", 'small'],
  ['watches', "Popular's Watches", 'small'],
  ['mobiles', 'Mobiles', 'large'],
  ['Mouse', 'Mouse', 'large'],
  ['televisions', 'Televisions', 'large'],
  ['camera', 'Camera & Photography', 'large'],
  ['earphones', 'Wired Earphones', 'large'],
  ['speakers', 'Bluetooth Speakers', 'large'],
  ['refrigerator', 'Refrigerator', 'large'],
  ['trimmers', 'Trimmers', 'large'],
];

/** The spec's twelve as `catalog.categories` answers on a fresh shop (tests and fixtures). */
export const SPEC_CATEGORY_INFO: readonly CategoryInfo[] = CATEGORIES.map((c, i) => {
  const row = SPEC_HOME_ROWS.findIndex(([value]) => value === c.value);
  const home = SPEC_HOME_ROWS[row];
  return { value: c.value, label: c.label, position: i + 1, hidden: false, homeRow: home ? { heading: home[1], cards: home[2], position: row + 1 } : null };
});

/** The categories a shopper is offered (bubbles, filter lists): the listed ones, in menu order. */
export function listedCategories(all: readonly CategoryInfo[]): CategoryInfo[] {
  return all.filter((c) => !c.hidden);
}

/** The home page's rows, in their order: listed categories that have one. */
export function homeRowsOf(all: readonly CategoryInfo[]): { category: Category; heading: string; cards: HomeRowCards }[] {
  return listedCategories(all)
    .filter((c): c is CategoryInfo & { homeRow: NonNullable<CategoryInfo['homeRow']> } => c.homeRow !== null)
    .sort((a, b) => a.homeRow.position - b.homeRow.position || a.position - b.position)
    .map((c) => ({ category: c.value, heading: c.homeRow.heading, cards: c.homeRow.cards }));
}

/** A category page's title: the checked categories' labels, or "All products". */
export function categoryPageTitle(checked: readonly string[], categories: readonly CategoryInfo[] | undefined): string {
  return checked.length === 0 ? 'All products' : checked.map((value) => labelIn(categories, value)).join(', ');
}

/** A category's label from the server's list; its value when the list does not have it. */
export function labelIn(all: readonly CategoryInfo[] | undefined, value: string): string {
  return all?.find((c) => c.value === value)?.label ?? value;
}
