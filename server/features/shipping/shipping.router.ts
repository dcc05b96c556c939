import { adminProcedure, authedProcedure, router } from '../../trpc/init';
import {
  BookCourierInputSchema,
  DeliveryStepInputSchema,
  EwayBillInputSchema,
  ManifestInputSchema,
  NdrAnswerInputSchema,
  OrderIdInputSchema,
  OrderIdsInputSchema,
  PackOrderInputSchema,
  ShipManualInputSchema,
} from '../../../shared/schemas/shipping';
import * as service from './shipping.service';

/** Packing and shipping (issue 29): the admin's packing table and Ship step, and the shopper's parcels. */
export const shippingRouter = router({
  /** The caller's parcels by order id: courier, AWB, tracking link, each unit's serial or IMEIs, the timeline. */
  mine: authedProcedure.query(({ ctx }) => service.shipmentsOfUser(ctx.deps, ctx.user._id)),

  /** What the packing table shows for an order (ADMIN). */
  packingSheet: adminProcedure.input(OrderIdInputSchema).query(({ ctx, input }) => service.packingSheet(ctx.deps, input.orderId)),

  /** The parcels of a page of the admin's order list, by order id: one call a page, not one per order (ADMIN). */
  ofOrders: adminProcedure.input(OrderIdsInputSchema).query(({ ctx, input }) => service.shipmentsOfOrders(ctx.deps, input.orderIds)),

  /** Packs a paid or confirmed order: its units' serials or IMEIs, the parcel, its e-way bill (ADMIN). */
  pack: adminProcedure.input(PackOrderInputSchema).mutation(({ ctx, input }) => service.packOrder(ctx.deps, input, ctx.user._id)),

  /** Records the packed parcel's e-way bill (ADMIN). */
  setEwayBill: adminProcedure.input(EwayBillInputSchema).mutation(({ ctx, input }) => service.setEwayBill(ctx.deps, input.orderId, input.ewayBill, ctx.user._id)),

  /** Ships with the manual courier: its name, the AWB and the tracking link (ADMIN). */
  shipManual: adminProcedure.input(ShipManualInputSchema).mutation(({ ctx, input }) => service.shipManual(ctx.deps, input, ctx.user._id)),

  /** Books the packed parcel with Shiprocket: created once (looked up by our key first), AWB assigned, pickup scheduled (ADMIN). */
  book: adminProcedure.input(BookCourierInputSchema).mutation(({ ctx, input }) => service.bookCourier(ctx.deps, input, ctx.user._id)),

  /** The couriers Shiprocket offers for the order's parcel, with rates and dates, its recommended one marked (ADMIN). */
  rates: adminProcedure.input(OrderIdInputSchema).query(({ ctx, input }) => service.courierRates(ctx.deps, input.orderId)),

  /** Asks Shiprocket again to cancel a cancelled order's shipment it did not confirm cancelling (ADMIN). */
  retryCancel: adminProcedure.input(OrderIdInputSchema).mutation(({ ctx, input }) => service.retryCourierCancel(ctx.deps, input.orderId, ctx.user._id)),

  /** How many parcels await the courier's pickup: the All orders page's Print manifest link (ADMIN). */
  awaitingPickup: adminProcedure.query(({ ctx }) => service.awaitingPickup(ctx.deps)),

  /** The manifest's contents (ADMIN; GET /admin/manifest.pdf prints it, or Shiprocket's own). */
  manifest: adminProcedure.input(ManifestInputSchema).query(({ ctx, input }) => service.manifest(ctx.deps, input.orderIds)),

  /** The booked parcel left with the courier before its scan came in: the order ships (ADMIN). */
  handOver: adminProcedure.input(OrderIdInputSchema).mutation(({ ctx, input }) => service.handOver(ctx.deps, input.orderId, ctx.user._id)),

  /** Records what the manual courier reported: out for delivery, a failed attempt, returning, back at the shop (ADMIN). */
  recordStep: adminProcedure.input(DeliveryStepInputSchema).mutation(({ ctx, input }) => service.recordDeliveryStep(ctx.deps, input, ctx.user._id)),

  /** Parcels whose delivery failed, waiting for an answer (ADMIN). */
  ndrQueue: adminProcedure.query(({ ctx }) => service.ndrQueue(ctx.deps)),

  /** Deliver again (with a note) or return to the shop (ADMIN). */
  answerNdr: adminProcedure.input(NdrAnswerInputSchema).mutation(({ ctx, input }) => service.answerNdr(ctx.deps, input, ctx.user._id)),

  /** The shop's shipping label's contents (ADMIN; GET /admin/orders/:id/label.pdf prints it, or the courier's own). */
  label: adminProcedure.input(OrderIdInputSchema).query(({ ctx, input }) => service.shippingLabel(ctx.deps, input.orderId)),

  /** The packing slip's contents (ADMIN; GET /admin/orders/:id/packing-slip.pdf prints it). */
  packingSlip: adminProcedure.input(OrderIdInputSchema).query(({ ctx, input }) => service.packingSlip(ctx.deps, input.orderId)),
});
