import type { Category } from '../../../shared/categories';
import type { CardVariant } from '../../components/product/product-card';

export interface HomeRow {
  category: Category;
  heading: string;
  variant: CardVariant;
}

/**
 * Spec §2 "Home page": the ten rows in this order, the first two with small cards. The owner's
 * categories hold the home rows now (migration 2026-12-03-01-categories wrote these); this is the
 * spec's own list, for tests that check the screens did not change.
 */
export const HOME_ROWS: readonly HomeRow[] = [
  { category: 'airpodes', heading: "Top's Airpodes", variant: 'small' },
  { category: 'watches', heading: "Popular's Watches", variant: 'small' },
  { category: 'mobiles', heading: 'Mobiles', variant: 'large' },
  { category: 'Mouse', heading: 'Mouse', variant: 'large' },
  { category: 'televisions', heading: 'Televisions', variant: 'large' },
  { category: 'camera', heading: 'Camera & Photography', variant: 'large' },
  { category: 'earphones', heading: 'Wired Earphones', variant: 'large' },
  { category: 'speakers', heading: 'Bluetooth Speakers', variant: 'large' },
  { category: 'refrigerator', heading: 'Refrigerator', variant: 'large' },
  { category: 'trimmers', heading: 'Trimmers', variant: 'large' },
];
