import { z } from 'zod';

/** The twelve categories of spec §3. `value` is what the database and the API carry. */
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

export type Category = (typeof CATEGORIES)[number]['value'];

export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [Category, ...Category[]];

// Pure: a client that only needs the list does not pull zod into its bundle.
export const CategorySchema = /* @__PURE__ */ z.enum(CATEGORY_VALUES, {
  error: `category must be one of: ${CATEGORY_VALUES.join(', ')}`,
});

export function categoryLabel(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.label ?? value;
}
