import { stateByCode } from '../../shared/gst';
import type { DeliveryAddress } from '../../shared/schemas/settings';

/** '+919876543210' -> '+91 98765 43210'; anything else as it is. */
export function formatPhone(phone: string): string {
  const match = /^\+91([0-9]{5})([0-9]{5})$/.exec(phone);
  return match ? `+91 ${match[1]} ${match[2]}` : phone;
}

/** The state's name for its GST code ('29' -> 'Karnataka'); the code itself when unknown. */
export function stateName(code: string): string {
  return stateByCode(code)?.name ?? code;
}

/** An address as the lines of a label: street lines, then "City, State PIN". */
export function addressLines(address: Pick<DeliveryAddress, 'line1' | 'line2' | 'city' | 'stateCode' | 'pin'>): string[] {
  return [address.line1, address.line2, `${address.city}, ${stateName(address.stateCode)} ${address.pin}`].filter((line) => line.trim() !== '');
}

/** The whole address on one line: "Ravi Kumar, 12 MG Road, Bengaluru, Karnataka 560001". */
export function addressOneLine(address: Pick<DeliveryAddress, 'name' | 'line1' | 'line2' | 'city' | 'stateCode' | 'pin'>): string {
  return [address.name, ...addressLines(address)].join(', ');
}
