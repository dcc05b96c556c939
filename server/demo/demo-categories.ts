import type { HomeRowCards } from '../../shared/categories';
import type { SpecAttribute } from '../../shared/schemas/categories';
import type { UnitIdKind } from '../../shared/schemas/shipping';

/**
 * The demo shop's categories (SEED=demo): a spec template for each of the spec's twelve, and two
 * categories its owner added, Laptops and Power banks, with their tax and home rows. Product spec
 * values are a later slice: only the templates now. Pure data.
 */

type Attribute = Pick<SpecAttribute, 'key' | 'name' | 'type'> & Partial<Omit<SpecAttribute, 'key' | 'name' | 'type'>>;

export interface DemoCategory {
  value: string;
  /** For a category the demo adds (the twelve keep theirs). */
  added?: { label: string; hsn: string; rateBasisPoints: number; homeRow: { heading: string; cards: HomeRowCards } | null; unitIds?: UnitIdKind };
  template: SpecAttribute[];
}

const attr = (a: Attribute): SpecAttribute => ({ unit: '', options: [], filter: false, onCard: false, perVariant: false, ...a });
const num = (key: string, name: string, unit: string, more: Partial<Attribute> = {}) => attr({ key, name, unit, type: 'number', ...more });
const yesno = (key: string, name: string, more: Partial<Attribute> = {}) => attr({ key, name, type: 'yesno', ...more });
const text = (key: string, name: string, more: Partial<Attribute> = {}) => attr({ key, name, type: 'text', ...more });
const list = (key: string, name: string, options: string[], more: Partial<Attribute> = {}) => attr({ key, name, type: 'list', options, ...more });

const COLOUR = list('colour', 'Colour', ['Black', 'White', 'Blue', 'Grey', 'Green', 'Red', 'Pink', 'Silver', 'Gold'], { perVariant: true });

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    value: 'airpodes',
    template: [
      yesno('anc', 'Noise cancellation', { filter: true, onCard: true }),
      num('playback', 'Playback with case', 'hours', { filter: true }),
      text('bluetooth', 'Bluetooth version'),
      yesno('water_resistant', 'Water resistant', { filter: true }),
      COLOUR,
    ],
  },
  {
    value: 'camera',
    template: [
      list('type', 'Type', ['DSLR', 'Mirrorless', 'Compact', 'Action', 'Instant'], { filter: true, onCard: true }),
      num('megapixels', 'Resolution', 'MP', { filter: true }),
      list('video', 'Video', ['Full HD', '4K', '5.3K', '8K'], { filter: true }),
      text('sensor', 'Sensor'),
      yesno('wifi', 'Wi-Fi'),
    ],
  },
  {
    value: 'earphones',
    template: [
      list('connector', 'Connector', ['3.5 mm', 'USB-C', 'Lightning'], { filter: true, onCard: true }),
      yesno('mic', 'Microphone', { filter: true }),
      num('driver', 'Driver size', 'mm'),
      num('cable', 'Cable length', 'm'),
    ],
  },
  {
    value: 'mobiles',
    template: [
      num('ram', 'RAM', 'GB', { filter: true, onCard: true, perVariant: true }),
      num('storage', 'Storage', 'GB', { filter: true, onCard: true, perVariant: true }),
      yesno('five_g', '5G', { filter: true }),
      num('screen', 'Screen size', 'inches', { filter: true }),
      num('battery', 'Battery', 'mAh', { filter: true }),
      num('camera', 'Main camera', 'MP'),
      text('processor', 'Processor'),
      COLOUR,
    ],
  },
  {
    value: 'Mouse',
    template: [
      list('connection', 'Connection', ['Wired', 'Wireless', 'Bluetooth', 'Wireless + Bluetooth'], { filter: true, onCard: true }),
      num('dpi', 'Sensitivity', 'DPI', { filter: true }),
      num('buttons', 'Buttons', ''),
      yesno('rechargeable', 'Rechargeable'),
    ],
  },
  {
    value: 'printers',
    template: [
      list('technology', 'Technology', ['Ink tank', 'Inkjet', 'Laser'], { filter: true, onCard: true }),
      yesno('colour_printing', 'Colour printing', { filter: true }),
      list('functions', 'Functions', ['Print only', 'Print, scan, copy', 'Print, scan, copy, fax'], { filter: true }),
      yesno('wifi', 'Wi-Fi', { filter: true }),
      num('speed', 'Print speed', 'pages/min'),
    ],
  },
  {
    value: 'processor',
    template: [
      list('brand_family', 'Family', ['Intel Core i3', 'Intel Core i5', 'Intel Core i7', 'Intel Core i9', 'AMD Ryzen 5', 'AMD Ryzen 7', 'AMD Ryzen 9'], { filter: true }),
      num('cores', 'Cores', '', { filter: true, onCard: true }),
      num('boost', 'Boost clock', 'GHz'),
      text('socket', 'Socket'),
      yesno('graphics', 'Integrated graphics', { filter: true }),
    ],
  },
  {
    value: 'refrigerator',
    template: [
      num('capacity', 'Capacity', 'litres', { filter: true, onCard: true }),
      list('type', 'Type', ['Single door', 'Double door', 'Side by side', 'Triple door'], { filter: true }),
      list('stars', 'Energy rating', ['1 star', '2 star', '3 star', '4 star', '5 star'], { filter: true }),
      yesno('inverter', 'Inverter compressor', { filter: true }),
      yesno('frost_free', 'Frost free'),
    ],
  },
  {
    value: 'speakers',
    template: [
      num('output', 'Output', 'W', { filter: true, onCard: true }),
      num('playback', 'Playback', 'hours', { filter: true }),
      list('water_rating', 'Water rating', ['None', 'IPX4', 'IPX5', 'IPX7', 'IP67'], { filter: true }),
      yesno('party_mode', 'Pairs with another speaker'),
      COLOUR,
    ],
  },
  {
    value: 'trimmers',
    template: [
      num('runtime', 'Run time', 'minutes', { filter: true, onCard: true }),
      num('settings', 'Length settings', ''),
      yesno('cordless', 'Cordless use', { filter: true }),
      yesno('waterproof', 'Washable', { filter: true }),
    ],
  },
  {
    value: 'televisions',
    template: [
      num('screen', 'Screen size', 'inches', { filter: true, onCard: true, perVariant: true }),
      list('resolution', 'Resolution', ['HD Ready', 'Full HD', '4K Ultra HD', '8K'], { filter: true, onCard: true }),
      yesno('smart', 'Smart TV', { filter: true }),
      list('panel', 'Panel', ['LED', 'QLED', 'OLED', 'Mini LED'], { filter: true }),
      num('refresh', 'Refresh rate', 'Hz'),
      text('os', 'Operating system'),
    ],
  },
  {
    value: 'watches',
    template: [
      list('kind', 'Kind', ['Smartwatch', 'Fitness band', 'Analogue'], { filter: true, onCard: true }),
      num('display', 'Display size', 'inches', { filter: true }),
      num('battery_days', 'Battery life', 'days', { filter: true }),
      yesno('calling', 'Bluetooth calling', { filter: true }),
      list('strap', 'Strap', ['Silicone', 'Leather', 'Metal', 'Fabric'], { perVariant: true }),
    ],
  },
  {
    value: 'laptops',
    // Packed with its serial number, as the spec's categories with a number on the box are.
    added: { label: 'Laptops', hsn: '84713010', rateBasisPoints: 1800, homeRow: { heading: 'Laptops for work and study', cards: 'large' }, unitIds: 'serial' },
    template: [
      num('ram', 'RAM', 'GB', { filter: true, onCard: true, perVariant: true }),
      num('storage', 'Storage', 'GB', { filter: true, onCard: true, perVariant: true }),
      text('processor', 'Processor'),
      num('screen', 'Screen size', 'inches', { filter: true }),
      num('weight', 'Weight', 'kg'),
      list('os', 'Operating system', ['Windows 11', 'macOS', 'ChromeOS', 'None'], { filter: true }),
    ],
  },
  {
    value: 'power-banks',
    added: { label: 'Power banks', hsn: '85076000', rateBasisPoints: 1800, homeRow: { heading: 'Power banks', cards: 'large' } },
    template: [
      num('capacity', 'Capacity', 'mAh', { filter: true, onCard: true, perVariant: true }),
      num('output', 'Output', 'W'),
      text('ports', 'Ports'),
      yesno('fast_charging', 'Fast charging', { filter: true }),
      COLOUR,
    ],
  },
];
