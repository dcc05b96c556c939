import { formatINR } from '../../../shared/money';
import { code128Png, collectPdf, newPdf, PDF_FONT, type Pdf } from '../../lib/pdf';

/** What goes in the box with the parcel: the order, each line with its variant, SKU and units' numbers, the e-way bill. */
export type PackingSlip = {
  orderRef: string;
  /** "28 Nov 2026, 6:40 pm" in the shop's time zone. */
  orderedAt: string;
  packedAt: string | null;
  shop: { name: string; address: string | null; phone: string | null; gstin: string | null };
  shipTo: { name: string; phone: string; lines: string[] };
  lines: { name: string; variantLabel: string | null; sku: string | null; quantity: number; units: { kind: 'serial' | 'imei'; values: string[] }[] }[];
  parcel: { weightGrams: number; lengthCm: number; breadthCm: number; heightCm: number } | null;
  ewayBill: { number: string; date: string } | null;
  courier: { name: string | null; awb: string | null } | null;
  /** Cash on delivery: what the courier collects; 0 when paid online. */
  codAmount: number;
  valuePaise: number;
};

const MARGIN = 36;
const COLOR = { text: '#1a1a1a', muted: '#5b6270', rule: '#c3c8d0', fill: '#eef1f5' } as const;

function use(pdf: Pdf, weight: keyof typeof PDF_FONT, size: number, color: string = COLOR.text): Pdf {
  return pdf.font(PDF_FONT[weight]).fontSize(size).fillColor(color);
}

function unitText(unit: { kind: 'serial' | 'imei'; values: string[] }): string {
  if (unit.kind === 'imei') return unit.values.map((v, i) => `IMEI ${unit.values.length > 1 ? `${i + 1} ` : ''}${v}`).join(' · ');
  return `S/N ${unit.values.join(' · ')}`;
}

/**
 * The packing slip (A4): the order number as text and as a Code 128 barcode (scanned at the
 * packing table and by the courier's desk), who it goes to, each line with its variant, SKU,
 * quantity and every unit's serial or IMEIs, the parcel, the e-way bill and the cash to collect.
 * No prices but the consignment value an e-way bill quotes: the slip travels inside the box.
 */
export async function renderPackingSlip(slip: PackingSlip): Promise<Buffer> {
  const pdf = newPdf({ size: 'A4', margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN }, compress: true, info: { Title: `Packing slip ${slip.orderRef}` } });
  const bytes = collectPdf(pdf);
  const width = pdf.page.width - 2 * MARGIN;
  const left = MARGIN;

  use(pdf, 'bold', 16).text('Packing slip', left, MARGIN);
  use(pdf, 'regular', 9, COLOR.muted).text(slip.shop.name, left, MARGIN + 22, { width: width / 2 });
  if (slip.shop.address) use(pdf, 'regular', 8, COLOR.muted).text(slip.shop.address, { width: width / 2 });
  if (slip.shop.gstin) use(pdf, 'regular', 8, COLOR.muted).text(`GSTIN ${slip.shop.gstin}`, { width: width / 2 });
  const afterShop = pdf.y;

  // The order number's barcode, top right, with the number under it.
  const barcode = await code128Png(slip.orderRef, { barHeightMm: 10, scale: 3 });
  const barWidth = 260;
  pdf.image(barcode, left + width - barWidth, MARGIN, { fit: [barWidth, 44], align: 'right' });
  use(pdf, 'bold', slip.orderRef.length > 20 ? 8 : 11).text(slip.orderRef, left + width - barWidth, MARGIN + 48, { width: barWidth, align: 'right' });
  use(pdf, 'regular', 8, COLOR.muted).text(`Ordered ${slip.orderedAt}`, left + width - barWidth, MARGIN + 63, { width: barWidth, align: 'right' });
  if (slip.packedAt) use(pdf, 'regular', 8, COLOR.muted).text(`Packed ${slip.packedAt}`, { width: barWidth, align: 'right' });

  let y = Math.max(afterShop, pdf.y) + 16;
  use(pdf, 'bold', 9).text('Ship to', left, y);
  use(pdf, 'regular', 10).text(slip.shipTo.name, left, y + 13, { width: width / 2 });
  use(pdf, 'regular', 9).text([...slip.shipTo.lines, `Phone ${slip.shipTo.phone}`].join('\n'), { width: width / 2 });
  const afterShipTo = pdf.y;
  const facts: string[] = [];
  if (slip.courier?.awb) facts.push(`${slip.courier.name ?? 'Courier'} · AWB ${slip.courier.awb}`);
  if (slip.parcel) facts.push(`Parcel ${(slip.parcel.weightGrams / 1000).toFixed(2)} kg · ${slip.parcel.lengthCm} × ${slip.parcel.breadthCm} × ${slip.parcel.heightCm} cm`);
  facts.push(`Consignment value ${formatINR(slip.valuePaise)} (with tax)`);
  if (slip.ewayBill) facts.push(`E-way bill ${slip.ewayBill.number} of ${slip.ewayBill.date}`);
  facts.push(slip.codAmount > 0 ? `Cash on delivery: collect ${formatINR(slip.codAmount)}` : 'Prepaid: collect nothing');
  use(pdf, 'regular', 9).text(facts.join('\n'), left + width / 2 + 10, y + 13, { width: width / 2 - 10 });
  y = Math.max(afterShipTo, pdf.y) + 16;

  // The lines.
  const cols = [
    { title: 'Item', x: left, w: width * 0.5 },
    { title: 'SKU', x: left + width * 0.5, w: width * 0.3 },
    { title: 'Qty', x: left + width * 0.8, w: width * 0.08 },
    { title: 'Checked', x: left + width * 0.88, w: width * 0.12 },
  ];
  pdf.rect(left, y, width, 16).fill(COLOR.fill);
  for (const col of cols) use(pdf, 'bold', 8).text(col.title, col.x + 4, y + 4, { width: col.w - 8 });
  y += 20;
  for (const line of slip.lines) {
    if (y > pdf.page.height - MARGIN - 60) {
      pdf.addPage();
      y = MARGIN;
    }
    const top = y;
    use(pdf, 'bold', 9).text(line.name, cols[0]!.x + 4, y, { width: cols[0]!.w - 8 });
    if (line.variantLabel) use(pdf, 'regular', 8, COLOR.muted).text(line.variantLabel, { width: cols[0]!.w - 8 });
    for (const unit of line.units) use(pdf, 'regular', 8).text(unitText(unit), { width: cols[0]!.w - 8 });
    const bottom = pdf.y;
    use(pdf, 'regular', 7.5).text(line.sku ?? '—', cols[1]!.x + 4, top, { width: cols[1]!.w - 8 });
    use(pdf, 'bold', 9).text(String(line.quantity), cols[2]!.x + 4, top, { width: cols[2]!.w - 8 });
    pdf
      .rect(cols[3]!.x + 8, top, 10, 10)
      .lineWidth(0.8)
      .strokeColor(COLOR.muted)
      .stroke();
    y = Math.max(bottom, top + 12) + 6;
    pdf
      .moveTo(left, y - 3)
      .lineTo(left + width, y - 3)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
  }
  const units = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
  use(pdf, 'regular', 9).text(`${units} unit(s) in ${slip.lines.length} line(s)`, left, y + 6, { width });
  use(pdf, 'regular', 8, COLOR.muted).text('Packed by: ____________________     Checked by: ____________________', left, y + 30, { width });
  pdf.end();
  return bytes;
}

/** What the shop prints on a parcel when the courier gives no label of its own. */
export type ShippingLabel = {
  awb: string;
  courierName: string;
  routingCode: string | null;
  orderRef: string;
  /** "28 Nov 2026" in the shop's time zone. */
  date: string;
  from: { name: string; lines: string[]; phone: string | null; gstin: string | null };
  to: { name: string; lines: string[]; phone: string };
  weightGrams: number;
  dimensions: string;
  /** Paise to collect at the door; 0 when prepaid. */
  codAmount: number;
  valuePaise: number;
  ewayBill: { number: string; date: string } | null;
};

export type LabelSize = '4x6' | 'a4';

const POINTS_PER_INCH = 72;

/**
 * The shipping label: 4 × 6 inches for a thermal printer, or the same label at the top of an A4
 * sheet. The AWB as a Code 128 barcode (bwip-js) with the number under it, the courier and its
 * routing code, who it goes to (large), who it comes from, the weight and size, the order number
 * (and its barcode), and in a black band "COD: collect ₹X" or "PREPAID: collect nothing".
 */
export async function renderShippingLabel(label: ShippingLabel, size: LabelSize): Promise<Buffer> {
  const width = 4 * POINTS_PER_INCH;
  const height = 6 * POINTS_PER_INCH;
  const pdf = newPdf(
    size === 'a4'
      ? { size: 'A4', margin: 0, compress: true, info: { Title: `Label ${label.awb}` } }
      : { size: [width, height], margin: 0, compress: true, info: { Title: `Label ${label.awb}` } },
  );
  const bytes = collectPdf(pdf);
  const x0 = size === 'a4' ? 36 : 0;
  const y0 = size === 'a4' ? 36 : 0;
  const pad = 10;
  const inner = width - 2 * pad;
  if (size === 'a4') pdf.rect(x0, y0, width, height).lineWidth(0.8).dash(4, { space: 3 }).strokeColor(COLOR.muted).stroke().undash();
  const x = x0 + pad;
  let y = y0 + pad;

  // The courier and its routing code.
  use(pdf, 'bold', 13).text(label.courierName, x, y, { width: inner * 0.6 });
  if (label.routingCode) use(pdf, 'bold', 13).text(label.routingCode, x + inner * 0.6, y, { width: inner * 0.4, align: 'right' });
  y += 20;
  // The AWB's barcode.
  const awbBars = await code128Png(label.awb, { barHeightMm: 14, scale: 3 });
  pdf.image(awbBars, x, y, { fit: [inner, 58], align: 'center' });
  y += 62;
  use(pdf, 'bold', 12).text(`AWB ${label.awb}`, x, y, { width: inner, align: 'center' });
  y += 18;
  pdf
    .moveTo(x0, y)
    .lineTo(x0 + width, y)
    .lineWidth(1)
    .strokeColor(COLOR.text)
    .stroke();
  y += 6;

  // Deliver to.
  use(pdf, 'bold', 7, COLOR.muted).text('DELIVER TO', x, y);
  y += 10;
  use(pdf, 'bold', 11).text(label.to.name, x, y, { width: inner });
  use(pdf, 'regular', 9).text([...label.to.lines, `Phone ${label.to.phone}`].join('\n'), x, pdf.y, { width: inner });
  y = pdf.y + 6;
  pdf
    .moveTo(x0, y)
    .lineTo(x0 + width, y)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke();
  y += 6;

  // The money band.
  const band = label.codAmount > 0 ? `COD: collect ${formatINR(label.codAmount)}` : 'PREPAID: collect nothing';
  pdf.rect(x0, y, width, 22).fill(COLOR.text);
  use(pdf, 'bold', 12, '#ffffff').text(band, x, y + 5, { width: inner, align: 'center' });
  y += 28;

  // Parcel facts and the order.
  use(pdf, 'regular', 8).text(
    [
      `Weight ${(label.weightGrams / 1000).toFixed(2)} kg · ${label.dimensions}`,
      `Value ${formatINR(label.valuePaise)} with tax${label.ewayBill ? ` · E-way bill ${label.ewayBill.number}` : ''}`,
      `Order ${label.orderRef} · ${label.date}`,
    ].join('\n'),
    x,
    y,
    { width: inner },
  );
  y = pdf.y + 4;
  const orderBars = await code128Png(label.orderRef, { barHeightMm: 7, scale: 2 });
  pdf.image(orderBars, x, y, { fit: [inner * 0.7, 24] });
  y += 30;
  pdf
    .moveTo(x0, y)
    .lineTo(x0 + width, y)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke();
  y += 5;

  // Return to.
  use(pdf, 'bold', 7, COLOR.muted).text('IF UNDELIVERED, RETURN TO', x, y);
  use(pdf, 'regular', 7.5).text(
    [label.from.name, ...label.from.lines, ...(label.from.phone ? [`Phone ${label.from.phone}`] : []), ...(label.from.gstin ? [`GSTIN ${label.from.gstin}`] : [])].join('\n'),
    x,
    y + 9,
    { width: inner, height: y0 + height - (y + 9) - 4, ellipsis: true },
  );
  pdf.end();
  return bytes;
}
