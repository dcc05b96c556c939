import { luhnValid } from '../../shared/schemas/shipping';
import type { PackingSheet } from '../../shared/schemas/shipping';
import type { HttpClient, HttpReply } from './test-server';

let counter = 0;

/** A valid IMEI (15 digits, Luhn check digit) that no other call in this process returns. */
export function testImei(): string {
  counter += 1;
  const body = `35${String(process.pid % 10_000).padStart(4, '0')}${String(counter).padStart(8, '0')}`;
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable: one check digit always fits');
}

/** A serial number no other call in this process returns. */
export function testSerial(): string {
  counter += 1;
  return `SN${process.pid}X${counter}`;
}

/** An AWB no other call in this process returns. */
export function testAwb(): string {
  counter += 1;
  return `TEST${process.pid}${String(counter).padStart(6, '0')}`;
}

/**
 * Packs an order at the packing table (a fresh IMEI or serial for every unit that needs one) and
 * ships it with the manual courier, as an admin does: the Ship step's reply (200 with the packing
 * sheet, or the refusal). `ewayBill` for a consignment above the threshold.
 */
export async function packAndShip(
  admin: HttpClient,
  orderId: string,
  opts: { courierName?: string; awb?: string; ewayBill?: { number: string; date: string } } = {},
): Promise<HttpReply<PackingSheet & { message?: string }>> {
  const sheet = await admin.trpc<PackingSheet>('query', 'shipping.packingSheet', { orderId });
  if (sheet.status !== 200) return sheet;
  if (sheet.body.orderStatus === 'paid' || sheet.body.orderStatus === 'confirmed') {
    const units = sheet.body.lines.flatMap((line) =>
      line.unitIds === 'none'
        ? []
        : Array.from({ length: line.quantity }, (_, unit) =>
            line.unitIds === 'imei' ? { itemId: line.itemId, unit, imei: testImei() } : { itemId: line.itemId, unit, serial: testSerial() },
          ),
    );
    if (units.length > 0 && sheet.body.shipment === null) {
      const packed = await admin.trpc<PackingSheet>('mutation', 'shipping.pack', { orderId, units });
      if (packed.status !== 200) return packed;
    }
  }
  return admin.trpc('mutation', 'shipping.shipManual', {
    orderId,
    courierName: opts.courierName ?? 'Delhivery',
    awb: opts.awb ?? testAwb(),
    ...(opts.ewayBill ? { ewayBill: opts.ewayBill } : {}),
  });
}
