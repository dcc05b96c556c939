import express, { type Request, type Response, type Router } from 'express';
import type { Deps } from '../deps';
import { sendError } from '../http/error-reply';
import { createCaller } from '../app-router';
import { createRequestContext } from '../trpc/context';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { courierLabelPdf, courierManifestPdf, renderManifest, renderPackingSlip, renderShippingLabel } from '../features/shipping/shipping.service';

/**
 * Downloads: an order's invoice or credit note as PDF (its owner and admins), its packing slip
 * (admins), and a month's GSTR-1 CSV (admins). The procedures (order.document, admin.gstr1) decide who may see what;
 * these routes only turn their answers into files.
 */
export function createInvoiceRouter(deps: Deps): Router {
  const router = express.Router();

  const pdf = (kind: 'invoice' | 'credit-note') => async (req: Request<{ orderId: string }>, res: Response) => {
    try {
      const ctx = await createRequestContext(deps, req, res);
      const document = await createCaller(ctx).order.document({ orderId: req.params.orderId, kind });
      // The shopper gets the original (Rule 48); the shop prints the transporter's duplicate with it, for the parcel.
      const bytes = await renderInvoicePdf(document, { copies: ctx.user?.role === 'ADMIN' ? ['original', 'transporter'] : ['original'] });
      res
        .status(200)
        .type('application/pdf')
        .set('Cache-Control', 'private, no-store')
        .set('Content-Disposition', `attachment; filename="${kind}-${document.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf"`)
        .send(bytes);
    } catch (error) {
      sendError(req, res, error);
    }
  };
  router.get('/orders/:orderId/invoice.pdf', pdf('invoice'));
  router.get('/orders/:orderId/credit-note.pdf', pdf('credit-note'));

  // The packing slip that goes in the box (admins): the order's lines, SKUs, units' numbers, its barcode.
  router.get('/admin/orders/:orderId/packing-slip.pdf', async (req: Request<{ orderId: string }>, res: Response) => {
    try {
      const ctx = await createRequestContext(deps, req, res);
      const slip = await createCaller(ctx).shipping.packingSlip({ orderId: req.params.orderId });
      const bytes = await renderPackingSlip(slip);
      res
        .status(200)
        .type('application/pdf')
        .set('Cache-Control', 'private, no-store')
        .set('Content-Disposition', `inline; filename="packing-slip-${slip.orderRef.replace(/[^A-Za-z0-9-]/g, '-')}.pdf"`)
        .send(bytes);
    } catch (error) {
      sendError(req, res, error);
    }
  });

  // The parcel's shipping label (admins): the courier's own 4 × 6 when it gives one, else the
  // shop's (?size=4x6 for a thermal printer, the default; ?size=a4 for an office printer).
  router.get('/admin/orders/:orderId/label.pdf', async (req: Request<{ orderId: string }>, res: Response) => {
    try {
      const ctx = await createRequestContext(deps, req, res);
      const label = await createCaller(ctx).shipping.label({ orderId: req.params.orderId });
      const size = req.query.size === 'a4' ? 'a4' : '4x6';
      const bytes = (size === '4x6' ? await courierLabelPdf(deps, req.params.orderId) : null) ?? (await renderShippingLabel(label, size));
      res
        .status(200)
        .type('application/pdf')
        .set('Cache-Control', 'private, no-store')
        .set('Content-Disposition', `inline; filename="label-${label.awb.replace(/[^A-Za-z0-9-]/g, '-')}-${size}.pdf"`)
        .send(bytes);
    } catch (error) {
      sendError(req, res, error);
    }
  });

  // The manifest the courier's pickup person signs (admins): the parcels awaiting pickup, or the
  // chosen orders' (?ids=a,b). Shiprocket's own when every parcel is booked with it and it gives
  // one, else the shop's.
  router.get('/admin/manifest.pdf', async (req: Request, res: Response) => {
    try {
      const ctx = await createRequestContext(deps, req, res);
      const ids = typeof req.query.ids === 'string' && req.query.ids.trim() !== '' ? req.query.ids.split(',').map((id) => id.trim()) : undefined;
      const manifest = await createCaller(ctx).shipping.manifest(ids ? { orderIds: ids } : {});
      const orderIds = manifest.couriers.flatMap((c) => c.parcels.map((p) => p.orderId));
      const bytes = (await courierManifestPdf(deps, orderIds)) ?? (await renderManifest(manifest));
      res.status(200).type('application/pdf').set('Cache-Control', 'private, no-store').set('Content-Disposition', 'inline; filename="manifest.pdf"').send(bytes);
    } catch (error) {
      sendError(req, res, error);
    }
  });

  router.get('/admin/gstr1.csv', async (req: Request, res: Response) => {
    try {
      const ctx = await createRequestContext(deps, req, res);
      const month = typeof req.query.month === 'string' ? req.query.month : '';
      const { filename, csv } = await createCaller(ctx).admin.gstr1({ month });
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .set('Cache-Control', 'private, no-store')
        .set('Content-Disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9.-]/g, '-')}"`)
        .send(csv);
    } catch (error) {
      sendError(req, res, error);
    }
  });
  return router;
}
