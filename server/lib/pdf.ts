import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import bwipjs from 'bwip-js/node';

// What every printed document of the shop shares: the embedded DejaVu Sans fonts (PDF's standard
// fonts have no rupee sign), collecting pdfkit's stream into bytes, and Code 128 barcodes drawn by
// bwip-js (BWIPP's encoder), never by hand.

export type Pdf = PDFKit.PDFDocument;
export const PDF_FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;

type Fonts = { regular: Buffer; bold: Buffer };
let fontCache: Fonts | undefined;

/** Read from the package's folder (resolved like a module, so a bundled server finds it too), once per process. */
export function dejaVuFonts(): Fonts {
  if (!fontCache) {
    const require = createRequire(import.meta.url);
    fontCache = {
      regular: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
      bold: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    };
  }
  return fontCache;
}

/** A new document with the fonts registered as PDF_FONT's names. */
export function newPdf(options: PDFKit.PDFDocumentOptions): Pdf {
  const pdf = new PDFDocument(options);
  const fonts = dejaVuFonts();
  pdf.registerFont(PDF_FONT.regular, fonts.regular);
  pdf.registerFont(PDF_FONT.bold, fonts.bold);
  return pdf;
}

/** The document's bytes once `pdf.end()` is called. */
export function collectPdf(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

/** A Code 128 barcode of `text` as a PNG (bars only: the caller prints the text under it). */
export function code128Png(text: string, opts: { barHeightMm?: number; scale?: number } = {}): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: opts.scale ?? 3, height: opts.barHeightMm ?? 12, includetext: false, paddingwidth: 0, paddingheight: 0 });
}
