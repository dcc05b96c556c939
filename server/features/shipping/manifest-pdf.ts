import { formatINR } from '../../../shared/money';
import type { Manifest, ManifestParcel } from '../../../shared/schemas/shipping';
import { code128Png, collectPdf, newPdf, PDF_FONT, type Pdf } from '../../lib/pdf';

const MARGIN = 36;
const COLOR = { text: '#1a1a1a', muted: '#5b6270', rule: '#c3c8d0', fill: '#eef1f5' } as const;
const ROW_HEIGHT = 40;

function use(pdf: Pdf, weight: keyof typeof PDF_FONT, size: number, color: string = COLOR.text): Pdf {
  return pdf.font(PDF_FONT[weight]).fontSize(size).fillColor(color);
}

const kilograms = (grams: number) => `${(grams / 1000).toFixed(2)} kg`;

/**
 * The shop's own manifest (A4 landscape), for the manual courier and whenever Shiprocket gives
 * none: one section per courier, as each courier's pickup person signs for their own parcels.
 * The shop's name and pickup address, the date on the shop's clock, then a table of order
 * number, AWB (as Code 128 under the text, scanned at pickup), consignee, PIN, pieces, weight and
 * the cash to collect or "Prepaid"; the totals; and signature lines for the shop and the pickup
 * person.
 */
export async function renderManifest(manifest: Manifest): Promise<Buffer> {
  const pdf = newPdf({ size: 'A4', layout: 'landscape', margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN }, compress: true, info: { Title: 'Manifest' } });
  const bytes = collectPdf(pdf);
  const width = pdf.page.width - 2 * MARGIN;
  const left = MARGIN;
  const bottom = () => pdf.page.height - MARGIN;
  const cols = [
    { title: '#', w: 0.04 },
    { title: 'Order', w: 0.15 },
    { title: 'AWB', w: 0.25 },
    { title: 'Consignee', w: 0.2 },
    { title: 'PIN', w: 0.08 },
    { title: 'Pieces', w: 0.07 },
    { title: 'Weight', w: 0.09 },
    { title: 'COD', w: 0.12 },
  ].reduce<{ title: string; x: number; w: number }[]>((all, col) => {
    const prev = all.at(-1);
    all.push({ title: col.title, x: prev ? prev.x + prev.w : left, w: col.w * width });
    return all;
  }, []);

  const header = (courierName: string, y: number, continued: boolean): number => {
    use(pdf, 'bold', 16).text(continued ? `Manifest (continued): ${courierName}` : `Manifest: ${courierName}`, left, y, { width: width * 0.6 });
    use(pdf, 'regular', 9, COLOR.muted).text(`Printed ${manifest.printedAt}`, left + width * 0.6, y + 4, { width: width * 0.4, align: 'right' });
    let next = y + 24;
    use(pdf, 'bold', 10).text(manifest.shop.name, left, next, { width });
    const lines = [manifest.shop.pickupAddress ? `Pickup from: ${manifest.shop.pickupAddress}` : null, manifest.shop.phone ? `Phone ${manifest.shop.phone}` : null].filter(
      (l): l is string => l !== null,
    );
    if (lines.length > 0) use(pdf, 'regular', 9, COLOR.muted).text(lines.join('  ·  '), left, pdf.y, { width });
    next = pdf.y + 10;
    pdf.rect(left, next, width, 16).fill(COLOR.fill);
    for (const col of cols) use(pdf, 'bold', 8).text(col.title, col.x + 4, next + 4, { width: col.w - 8 });
    return next + 20;
  };

  const row = async (parcel: ManifestParcel, index: number, y: number): Promise<void> => {
    const cell = (i: number, text: string, weight: keyof typeof PDF_FONT = 'regular', size = 9) =>
      use(pdf, weight, size).text(text, cols[i]!.x + 4, y, { width: cols[i]!.w - 8, height: ROW_HEIGHT - 4, ellipsis: true });
    cell(0, String(index + 1));
    cell(1, parcel.orderRef, 'bold', 8.5);
    const awb = cols[2]!;
    if (parcel.awb) {
      const bars = await code128Png(parcel.awb, { barHeightMm: 6, scale: 2 });
      pdf.image(bars, awb.x + 4, y, { fit: [awb.w - 8, 20] });
      use(pdf, 'bold', 8.5).text(parcel.awb, awb.x + 4, y + 22, { width: awb.w - 8 });
    }
    cell(3, parcel.consignee);
    cell(4, parcel.pin);
    cell(5, String(parcel.pieces));
    cell(6, kilograms(parcel.weightGrams));
    cell(7, parcel.codAmount > 0 ? formatINR(parcel.codAmount) : 'Prepaid', parcel.codAmount > 0 ? 'bold' : 'regular');
    pdf
      .moveTo(left, y + ROW_HEIGHT - 4)
      .lineTo(left + width, y + ROW_HEIGHT - 4)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
  };

  for (const [sectionIndex, section] of manifest.couriers.entries()) {
    if (sectionIndex > 0) pdf.addPage();
    let y = header(section.courierName, MARGIN, false);
    for (const [i, parcel] of section.parcels.entries()) {
      if (y + ROW_HEIGHT > bottom()) {
        pdf.addPage();
        y = header(section.courierName, MARGIN, true);
      }
      await row(parcel, i, y);
      y += ROW_HEIGHT;
    }
    // Totals and the signatures: on a new page when they do not fit under the table.
    if (y + 120 > bottom()) {
      pdf.addPage();
      y = MARGIN;
    }
    const cod = section.parcels.filter((p) => p.codAmount > 0);
    const totals = [
      `${section.parcels.length} parcel(s)`,
      `${section.parcels.reduce((sum, p) => sum + p.pieces, 0)} piece(s)`,
      kilograms(section.parcels.reduce((sum, p) => sum + p.weightGrams, 0)),
      cod.length > 0 ? `cash on delivery: ${cod.length} parcel(s), collect ${formatINR(cod.reduce((sum, p) => sum + p.codAmount, 0))}` : 'all prepaid',
    ];
    use(pdf, 'bold', 10).text(`Total: ${totals.join(' · ')}`, left, y + 6, { width });
    y = pdf.y + 36;
    const half = (width - 40) / 2;
    for (const [i, who] of [`For ${manifest.shop.name}`, `Received by ${section.courierName}'s pickup person`].entries()) {
      const x = left + i * (half + 40);
      pdf
        .moveTo(x, y)
        .lineTo(x + half, y)
        .lineWidth(0.8)
        .strokeColor(COLOR.text)
        .stroke();
      use(pdf, 'regular', 8.5).text(`${who}: signature`, x, y + 4, { width: half });
      use(pdf, 'regular', 8.5, COLOR.muted).text('Name: ______________________   Date and time: ______________', x, y + 18, { width: half });
    }
  }
  pdf.end();
  return bytes;
}
