import type { SpecAttribute } from '../../shared/schemas/categories';
import type { SpecValue } from '../../shared/specs';
import type { DemoProduct } from './demo-catalog';

/**
 * The demo's spec values (issue 27): for every demo product, a value for each attribute of its
 * category's template that its name and description state ("8GB RAM", "6.2-inch", "5000 mAh",
 * "4K", "ANC"), else a plausible one for its price among its category's products (a cheap phone
 * 4 GB RAM, a dear one 12 GB). Per-variant values follow the variant's options (a "256 GB"
 * storage, a "55 inches" screen, a colour). Pure and deterministic.
 */

/** How each unit is written in the demo's texts. */
const UNIT_PATTERNS: Record<string, string> = {
  inches: '(?:-|\\s)?(?:inch(?:es)?|")',
  GB: '\\s?GB',
  mAh: '\\s?mAh',
  MP: '\\s?MP',
  W: '\\s?W\\b',
  hours: '\\s?(?:hours|hrs|h\\b)',
  litres: '\\s?(?:L\\b|litres|liters)',
  Hz: '\\s?Hz',
  mm: '\\s?mm',
  DPI: '\\s?DPI',
  days: '(?:-|\\s)?days?',
  minutes: '\\s?(?:min\\b|minutes)',
  'pages/min': '\\s?(?:ppm|pages per minute|pages/min)',
  GHz: '\\s?GHz',
  kg: '\\s?kg',
};

/** Plausible values by price tier (cheap, middle, dear) where the text says nothing. */
const TIERS: Record<string, readonly [number, number, number]> = {
  ram: [4, 8, 12],
  storage: [64, 128, 256],
  screen: [6.5, 6.6, 6.7],
  battery: [5000, 5000, 4500],
  camera: [13, 50, 200],
  playback: [20, 30, 36],
  megapixels: [16, 24, 45],
  driver: [10, 10, 12],
  cable: [1.2, 1.2, 1.5],
  dpi: [1000, 1600, 8000],
  buttons: [3, 6, 8],
  speed: [10, 20, 33],
  cores: [6, 8, 16],
  boost: [4.4, 5, 5.6],
  capacity: [190, 340, 650],
  output: [10, 20, 40],
  refresh: [60, 60, 120],
  runtime: [60, 90, 120],
  settings: [10, 20, 40],
  display: [1.4, 1.8, 1.9],
  battery_days: [7, 10, 2],
  weight: [1.8, 1.5, 1.3],
};

/** Per category overrides of TIERS, where one key means different things. */
const CATEGORY_TIERS: Record<string, Record<string, readonly [number, number, number]>> = {
  televisions: { screen: [32, 43, 55] },
  laptops: { ram: [8, 16, 16], storage: [256, 512, 1024], screen: [14, 15.6, 14] },
  'power-banks': { capacity: [10000, 20000, 20000], output: [12, 22.5, 65] },
  speakers: { playback: [8, 12, 24] },
};

const YES_WORDS: Record<string, RegExp> = {
  anc: /noise cancell|\bANC\b/i,
  five_g: /\b5G\b/,
  smart: /smart|google tv|webos|tizen|android tv/i,
  wifi: /wi-?fi|wireless/i,
  fast_charging: /fast charg|\bPD\b|power delivery|quick charg|\d+(\.\d+)?\s?W/i,
  inverter: /inverter/i,
  frost_free: /frost[- ]free/i,
  calling: /calling/i,
  mic: /mic/i,
  water_resistant: /water|IPX|sweat/i,
  cordless: /cordless|battery/i,
  waterproof: /washable|waterproof|IPX7/i,
  colour_printing: /colou?r/i,
  graphics: /graphics|radeon|\bG\b/i,
  rechargeable: /recharge/i,
  party_mode: /party|pair/i,
};

function tierOf(product: DemoProduct, all: readonly DemoProduct[]): 0 | 1 | 2 {
  const prices = all.filter((p) => p.category === product.category).map((p) => p.sellingPrice);
  const cheaper = prices.filter((p) => p < product.sellingPrice).length;
  const share = prices.length > 1 ? cheaper / (prices.length - 1) : 0.5;
  return share < 0.34 ? 0 : share < 0.67 ? 1 : 2;
}

function numberFrom(a: SpecAttribute, text: string): number | null {
  if (a.key === 'ram') {
    const ram = /(\d+)\s?GB RAM/i.exec(text);
    return ram ? Number(ram[1]) : null;
  }
  if (a.key === 'storage') {
    const storage = /(\d+)\s?(GB|TB)\b(?!\s?RAM)/i.exec(text.replace(/\d+\s?GB RAM/gi, ''));
    return storage ? Number(storage[1]) * (storage[2]?.toUpperCase() === 'TB' ? 1024 : 1) : null;
  }
  const unit = UNIT_PATTERNS[a.unit];
  if (!unit) return null;
  const found = new RegExp(`(\\d+(?:\\.\\d+)?)${unit}`, 'i').exec(text.replace(/,(\d{3})/g, '$1'));
  return found ? Number(found[1]) : null;
}

/** The value `a` takes for `product` from its texts, else by its price tier; null for none. */
type Described = Pick<DemoProduct, 'productName' | 'description' | 'sellingPrice' | 'category'>;

function valueFor(a: SpecAttribute, product: Described, tier: 0 | 1 | 2): SpecValue | null {
  const text = `${product.productName}. ${product.description}`;
  switch (a.type) {
    case 'number': {
      const stated = numberFrom(a, text);
      if (stated !== null) return stated;
      const tiers = CATEGORY_TIERS[product.category]?.[a.key] ?? TIERS[a.key];
      return tiers ? tiers[tier] : null;
    }
    case 'yesno': {
      const words = YES_WORDS[a.key];
      if (words?.test(text)) return true;
      return a.key === 'five_g' ? tier > 0 && product.sellingPrice >= 1_500_000 : tier > 0;
    }
    case 'list': {
      const mentioned = [...a.options].sort((x, y) => y.length - x.length).find((o) => text.toLowerCase().includes(o.toLowerCase()));
      return mentioned ?? a.options[Math.min(tier, a.options.length - 1)] ?? null;
    }
    case 'text':
      return null;
  }
}

/**
 * A variant's own values from its options: the attribute named as the option takes its value
 * ("256 GB" storage, "55 inches" screen size), and a list (colour, strap) an option the value names.
 */
export function demoVariantSpecs(template: readonly SpecAttribute[], optionNames: readonly string[], optionValues: readonly string[]): Record<string, SpecValue> {
  const out: Record<string, SpecValue> = {};
  for (const a of template.filter((t) => t.perVariant)) {
    for (const [i, value] of optionValues.entries()) {
      const named = optionNames[i]?.toLowerCase() === a.name.toLowerCase();
      if (named && a.type === 'number' && a.unit && new RegExp(`^\\d+(\\.\\d+)?\\s?${a.unit}$`, 'i').test(value)) out[a.key] = Number(value.replace(/[^\d.]/g, ''));
      if (a.type === 'list') {
        const option = a.options.find((o) => value.toLowerCase().split(/\s+/).includes(o.toLowerCase()));
        if (option) out[a.key] = option;
      }
    }
  }
  return out;
}

/** A demo product's values (per-variant ones given at product level apply to every variant). */
export function demoSpecs(product: DemoProduct, template: readonly SpecAttribute[], all: readonly DemoProduct[]): Record<string, SpecValue> {
  return specValuesFor(product, template, tierOf(product, all));
}

/** The values of any described product (a synthetic one too) at a price tier: 0 cheap, 1 middle, 2 dear. */
export function specValuesFor(product: Described, template: readonly SpecAttribute[], tier: 0 | 1 | 2): Record<string, SpecValue> {
  const out: Record<string, SpecValue> = {};
  for (const a of template) {
    const value = valueFor(a, product, tier);
    if (value !== null) out[a.key] = value;
  }
  return out;
}
