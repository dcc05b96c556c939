/**
 * Delivery zones from a PIN code alone: the owner's table of delivery days (settings.zoneDays)
 * has a row per zone, and a PIN falls in the first of these that fits, counted from the shop's
 * dispatch PIN (settings.dispatch.fromPin, else the seller's):
 *
 *   sameCity     the same first 3 digits (India Post's sorting district) as the dispatch PIN
 *   sameState    the same state or union territory as the dispatch PIN
 *   northEast    Assam, the seven sister states, Sikkim, Andaman and Nicobar, Lakshadweep,
 *                Jammu and Kashmir, Ladakh: couriers' slowest lanes
 *   metro        Delhi 110, Mumbai 400, Kolkata 700, Chennai 600, Bengaluru 560, Hyderabad 500
 *   restOfIndia  everything else (and a PIN whose state is not known: the Army Postal Service's 9x)
 *
 * Zod-free and without node: or the DOM, so the server and the browser can both use it.
 */

export const DELIVERY_ZONES = ['sameCity', 'sameState', 'metro', 'restOfIndia', 'northEast'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

/** How the Settings page and the delivery check name each zone. */
export const DELIVERY_ZONE_LABELS: Record<DeliveryZone, string> = {
  sameCity: 'Same city',
  sameState: 'Same state',
  metro: 'Metro cities',
  restOfIndia: 'Rest of India',
  northEast: 'North-east and islands',
};

/** The zones' names inside a sentence ("standard delivery days (same city) must be ..."). */
export const DELIVERY_ZONE_WORDS: Record<DeliveryZone, string> = {
  sameCity: 'same city',
  sameState: 'same state',
  metro: 'metro',
  restOfIndia: 'rest of India',
  northEast: 'north-east and islands',
};

/**
 * PIN prefixes to GST state codes (shared/gst.ts INDIAN_STATES), the longest prefix winning.
 * Source: India Post's postal circles by the first two digits and sorting districts by the first
 * three, as tabulated on Wikipedia's "Postal Index Number" page, with the splits inside a circle
 * (Uttarakhand in 24–26, Jharkhand in 81–83, Goa, Chandigarh, Puducherry, Lakshadweep, Sikkim,
 * Andaman and Nicobar, the north-eastern states, Daman, Silvassa and Diu) from India Post's
 * district lists. A sorting district that straddles a border at a finer digit goes to the state
 * of most of its PIN codes: the zone is an estimate of days, not an address check.
 */
const PREFIX_STATES: Readonly<Record<string, string>> = {
  '11': '07', // Delhi
  '12': '06', // Haryana
  '13': '06',
  '14': '03', // Punjab
  '15': '03',
  '16': '03',
  '160': '04', // Chandigarh
  '17': '02', // Himachal Pradesh
  '18': '01', // Jammu and Kashmir
  '19': '01',
  '194': '38', // Ladakh (Leh 194101, Kargil 194103)
  '20': '09', // Uttar Pradesh, with Uttarakhand's districts below
  '21': '09',
  '22': '09',
  '23': '09',
  '24': '09',
  '24471': '05', // Kashipur, Jaspur, Ramnagar
  '246': '05', // Pauri, Chamoli, Rudraprayag, Kotdwar
  '2467': '09', // Bijnor, Najibabad (Uttar Pradesh)
  '2476': '05', // Roorkee, Manglaur (the rest of 247 is Saharanpur, Uttar Pradesh)
  '248': '05', // Dehradun
  '249': '05', // Haridwar, Rishikesh, Tehri, Uttarkashi
  '25': '09',
  '26': '09',
  '2623': '05', // Khatima, Tanakpur
  '2624': '05', // Sitarganj, Bajpur
  '2625': '05', // Pithoragarh, Champawat
  '263': '05', // Nainital, Haldwani, Rudrapur, Almora, Bageshwar
  '27': '09',
  '28': '09',
  '30': '08', // Rajasthan
  '31': '08',
  '32': '08',
  '33': '08',
  '34': '08',
  '36': '24', // Gujarat
  '362520': '26', // Diu
  '37': '24',
  '38': '24',
  '39': '24',
  '39621': '26', // Daman
  '39622': '26',
  '39623': '26', // Silvassa
  '40': '27', // Maharashtra
  '403': '30', // Goa
  '41': '27',
  '42': '27',
  '43': '27',
  '44': '27',
  '45': '23', // Madhya Pradesh
  '46': '23',
  '47': '23',
  '48': '23',
  '49': '22', // Chhattisgarh
  '50': '36', // Telangana
  '51': '37', // Andhra Pradesh
  '52': '37',
  '53': '37',
  '56': '29', // Karnataka
  '57': '29',
  '58': '29',
  '59': '29',
  '60': '33', // Tamil Nadu
  '605': '34', // Puducherry
  '6096': '34', // Karaikal
  '61': '33',
  '62': '33',
  '63': '33',
  '64': '33',
  '67': '32', // Kerala
  '673310': '34', // Mahe
  '68': '32',
  '6825': '31', // Lakshadweep
  '69': '32',
  '70': '19', // West Bengal
  '71': '19',
  '72': '19',
  '73': '19',
  '737': '11', // Sikkim
  '74': '19',
  '744': '35', // Andaman and Nicobar Islands
  '75': '21', // Odisha
  '76': '21',
  '77': '21',
  '78': '18', // Assam
  '790': '12', // Arunachal Pradesh
  '791': '12',
  '792': '12',
  '793': '17', // Meghalaya
  '794': '17',
  '795': '14', // Manipur
  '796': '15', // Mizoram
  '797': '13', // Nagaland
  '798': '13',
  '799': '16', // Tripura
  '80': '10', // Bihar, with Jharkhand's districts below
  '81': '10',
  '814': '20', // Dumka, Deoghar, Godda
  '815': '20', // Giridih, Jamtara
  '816': '20', // Sahibganj, Pakur
  '82': '10',
  '822': '20', // Palamu, Garhwa, Latehar
  '825': '20', // Hazaribagh, Koderma, Chatra
  '826': '20', // Dhanbad
  '827': '20', // Bokaro
  '828': '20', // Dhanbad (Jharia)
  '829': '20', // Ramgarh
  '83': '20', // Jamshedpur, Chaibasa, Ranchi
  '84': '10',
  '85': '10',
};

const LONGEST_PREFIX = Math.max(...Object.keys(PREFIX_STATES).map((prefix) => prefix.length));

/** GST state codes of the zone "north-east and islands". */
export const NORTH_EAST_STATE_CODES: ReadonlySet<string> = new Set([
  '18', // Assam
  '12', // Arunachal Pradesh
  '17', // Meghalaya
  '14', // Manipur
  '15', // Mizoram
  '13', // Nagaland
  '16', // Tripura
  '11', // Sikkim
  '35', // Andaman and Nicobar Islands
  '31', // Lakshadweep
  '01', // Jammu and Kashmir
  '38', // Ladakh
]);

/** The sorting districts of the six metro cities. */
export const METRO_PREFIXES: ReadonlySet<string> = new Set(['110', '400', '700', '600', '560', '500']);

/** The GST state code of the state or union territory `pin` is in; null when not known (the Army Postal Service's 9x, unused prefixes). */
export function stateOfPin(pin: string): string | null {
  for (let length = Math.min(LONGEST_PREFIX, pin.length); length >= 2; length--) {
    const state = PREFIX_STATES[pin.slice(0, length)];
    if (state !== undefined) return state;
  }
  return null;
}

/**
 * The delivery zone of `pin` seen from the dispatch PIN `origin` (null when the shop has none
 * yet: then neither same city nor same state can be told, and the other zones still apply).
 */
export function deliveryZone(pin: string, origin: string | null): DeliveryZone {
  if (origin !== null && pin.slice(0, 3) === origin.slice(0, 3)) return 'sameCity';
  const state = stateOfPin(pin);
  if (origin !== null && state !== null && state === stateOfPin(origin)) return 'sameState';
  if (state !== null && NORTH_EAST_STATE_CODES.has(state)) return 'northEast';
  if (METRO_PREFIXES.has(pin.slice(0, 3))) return 'metro';
  return 'restOfIndia';
}
