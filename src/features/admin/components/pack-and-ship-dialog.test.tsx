import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../../../shared/schemas/admin';
import type { AdminShipment, CourierRates, PackingSheet } from '../../../../shared/schemas/shipping';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { AdminOrderList } from './admin-order-list';

// The admin's Pack & ship dialog (issue 29) against a fake server that keeps one order's packing
// sheet as shipping.pack and shipping.shipManual change it.

const GOOD_IMEI = '490154203237518';
const GOOD_IMEI_2 = '356938035643809';
/** GOOD_IMEI with its last digit wrong. */
const BAD_IMEI = '490154203237519';

function adminOrder(id: string, patch: Partial<AdminOrder> = {}): AdminOrder {
  return {
    _id: id,
    orderNumber: `VM-2026-${id}`,
    userId: 'u1',
    email: 'ravi@example.com',
    customer: { name: 'Ravi Shopper', email: 'ravi@example.com' },
    status: 'confirmed',
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    paidAt: null,
    productDetails: [
      { productId: 'p1', name: 'Galaxy S30', image: [], price: 7_500_000, quantity: 1, notInStock: 0, sku: 'GS30-128-BLK', variantLabel: '128 GB, Black' },
      { productId: 'p2', name: 'Buds Air', image: [], price: 199_900, quantity: 1, notInStock: 0 },
    ],
    paymentDetails: { paymentId: null, payment_method_type: ['cod'], payment_status: 'unpaid' },
    shipping_options: [],
    shippingAddress: null,
    subtotalAmount: 7_699_900,
    totalAmount: 7_699_900,
    amountCharged: null,
    amountMismatch: false,
    stockShortfall: 0,
    deliveryAddress: null,
    tax: null,
    invoice: null,
    creditNote: null,
    paymentMethod: 'cod',
    provider: 'cod',
    codFee: 0,
    refund: null,
    ...patch,
  };
}

function sheetOf(orderId: string, patch: Partial<PackingSheet> = {}): PackingSheet {
  return {
    orderId,
    orderStatus: 'confirmed',
    lines: [
      { itemId: 'it_phone', productId: 'p1', name: 'Galaxy S30', variantLabel: '128 GB, Black', sku: 'GS30-128-BLK', quantity: 1, unitIds: 'imei' },
      { itemId: 'it_buds', productId: 'p2', name: 'Buds Air', variantLabel: null, sku: null, quantity: 1, unitIds: 'none' },
    ],
    valuePaise: 4_000_000,
    ewayBillThresholdPaise: 5_000_000,
    ewayBillRequired: false,
    parcel: { weightGrams: 800, lengthCm: 25, breadthCm: 18, heightCm: 12 },
    manualCourier: { courierName: 'Delhivery', trackingUrl: 'https://track.example.in/awb/{awb}' },
    courier: 'manual',
    shipment: null,
    ...patch,
  };
}

function shipmentOf(patch: Partial<AdminShipment> = {}): AdminShipment {
  return {
    id: 'sh_1',
    status: 'packed',
    courier: 'manual',
    courierName: null,
    awb: null,
    trackingUrl: null,
    packedAt: '2026-11-23T05:00:00.000Z',
    shippedAt: null,
    deliveredAt: null,
    units: [],
    timeline: [{ status: 'packed', at: '2026-11-23T05:00:00.000Z', label: 'Packed', location: null, reason: null, note: null }],
    parcel: { weightGrams: 800, lengthCm: 25, breadthCm: 18, heightCm: 12 },
    valuePaise: 4_000_000,
    codAmount: 4_000_000,
    ewayBill: null,
    ewayBillRequired: false,
    failedReason: null,
    lastError: null,
    routingCode: null,
    courierCancelPending: false,
    ...patch,
  };
}

type Procedure = (input: any) => unknown;

/** A shop holding one order's sheet: pack records what was typed; shipManual ships it (refusing without an e-way bill when one is needed, as the server does). */
function renderShop(order: AdminOrder, initial: PackingSheet, more: Record<string, Procedure> = {}) {
  let sheet = initial;
  const server = fakeServer({
    'shipping.packingSheet': () => sheet,
    'shipping.pack': (input: any) => {
      const units = (input.units as { itemId: string; unit: number; imei?: string; imei2?: string; serial?: string }[]).map((u) => ({
        itemId: u.itemId,
        line: sheet.lines.findIndex((l) => l.itemId === u.itemId),
        unit: u.unit,
        kind: u.serial ? ('serial' as const) : ('imei' as const),
        values: [u.imei ?? u.serial ?? '', ...(u.imei2 ? [u.imei2] : [])],
      }));
      sheet = { ...sheet, shipment: shipmentOf({ units, parcel: input.parcel, ewayBill: input.ewayBill ?? null, ewayBillRequired: sheet.ewayBillRequired }) };
      return sheet;
    },
    'shipping.shipManual': (input: any) => {
      if (sheet.ewayBillRequired && !input.ewayBill && !sheet.shipment?.ewayBill) throw new FakeServerError(400, 'BAD_INPUT', 'ewayBill: give its e-way bill');
      const awb = String(input.awb).toUpperCase();
      sheet = {
        ...sheet,
        orderStatus: 'shipped',
        shipment: shipmentOf({ ...sheet.shipment, status: 'shipped', courierName: input.courierName, awb, trackingUrl: String(input.trackingUrl).replace('{awb}', awb) }),
      };
      return sheet;
    },
    ...more,
  });
  render(renderableApp({ routes: [{ path: '/', element: <AdminOrderList orders={[order]} /> }], fetch: server.fetch, toasts: true }));
  return server;
}

const openDialog = async (orderId: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Pack & ship: order VM-2026-${orderId}` }));
  return screen.findByRole('dialog', { name: 'Pack & ship' });
};

/** The messages an input's aria-describedby points at. */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('Pack & ship', () => {
  withToastHost();
  afterEach(cleanup);

  it('asks an IMEI for the phone and nothing for the earphones, checks its digit, moves on with Enter, packs, then ships with the courier and AWB', async () => {
    const server = renderShop(adminOrder('ord_1'), sheetOf('ord_1'));
    const dialog = await openDialog('ord_1');
    const imei = await within(dialog).findByLabelText('IMEI of Galaxy S30');
    expect(imei.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(imei));
    const lines = within(dialog).getAllByTestId('pack-line');
    expect(lines.map((l) => l.querySelector('p')?.textContent)).toEqual(['Galaxy S30 (128 GB, Black)', 'Buds Air']);
    expect(within(lines[1]!).getByTestId('nothing-to-scan').textContent).toContain('Nothing to scan');
    expect(within(lines[1]!).queryByRole('textbox')).toBeNull();
    // The parcel starts from the shop's default.
    expect(within(dialog).getByLabelText<HTMLInputElement>('Weight (g)').value).toBe('800');
    expect(within(dialog).getByRole('link', { name: 'Packing slip (PDF)' }).getAttribute('href')).toBe('/admin/orders/ord_1/packing-slip.pdf');

    // A scanner's misread: the check digit fails; the box stays, selected for the next scan.
    fireEvent.change(imei, { target: { value: BAD_IMEI } });
    fireEvent.keyDown(imei, { key: 'Enter' });
    await waitFor(() => expect(imei.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(imei)).toEqual(['IMEI: this IMEI fails its check digit: a digit is mistyped']);
    expect(document.activeElement).toBe(imei);
    // Typed again: the error goes until the box is checked again.
    fireEvent.change(imei, { target: { value: GOOD_IMEI } });
    await waitFor(() => expect(imei.getAttribute('aria-invalid')).toBeNull());
    fireEvent.keyDown(imei, { key: 'Enter' });
    expect(imei.getAttribute('aria-invalid')).toBeNull();
    const second = within(dialog).getByLabelText('Second IMEI (dual-SIM) of Galaxy S30 optional');
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'Enter' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Weight (g)'));
    expect(server.inputsOf('shipping.pack')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Weight (g)'), { target: { value: '650' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save packing' }));
    await waitFor(() => expect(server.inputsOf('shipping.pack')).toHaveLength(1));
    expect(server.inputsOf('shipping.pack')[0]).toEqual({
      orderId: 'ord_1',
      units: [{ itemId: 'it_phone', unit: 0, imei: GOOD_IMEI }],
      parcel: { weightGrams: 650, lengthCm: 25, breadthCm: 18, heightCm: 12 },
    });

    // Step 2: what was packed, the courier from Settings, the AWB checked as the server checks it.
    const summary = await within(dialog).findByTestId('packed-summary');
    expect(summary.textContent).toContain(`Galaxy S30 (128 GB, Black): IMEI ${GOOD_IMEI}`);
    expect(within(dialog).getByRole('listitem', { current: 'step' }).textContent).toContain('Ship');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Courier name').value).toBe('Delhivery');
    const awb = within(dialog).getByLabelText('AWB (air waybill number)');
    fireEvent.change(awb, { target: { value: 'DLV 123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(describedBy(awb)).toContain('AWB must be letters and digits without spaces'));
    expect(server.inputsOf('shipping.shipManual')).toEqual([]);
    fireEvent.change(awb, { target: { value: 'dlv123456' } });
    expect(within(dialog).getByText('https://track.example.in/awb/DLV123456')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Shipped with Delhivery, AWB DLV123456')).toBeTruthy();
    expect(server.inputsOf('shipping.shipManual')).toEqual([{ orderId: 'ord_1', courierName: 'Delhivery', awb: 'dlv123456', trackingUrl: 'https://track.example.in/awb/{awb}' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list's parcels are read again.
    await waitFor(() => expect(server.inputsOf('shipping.ofOrders').length).toBeGreaterThan(1));
  });

  it('a ₹75,000 parcel says it needs an e-way bill, will not ship without one, and ships with it', async () => {
    const order = adminOrder('ord_big');
    const sheet = sheetOf('ord_big', { valuePaise: 7_500_000, ewayBillRequired: true });
    const server = renderShop(order, sheet);
    const dialog = await openDialog('ord_big');
    const notice = await within(dialog).findByTestId('eway-bill');
    expect(notice.textContent).toContain('This parcel is worth ₹75,000.00, over ₹50,000.00: it needs an e-way bill');
    // Packing may go ahead without it (it is often made at dispatch).
    fireEvent.change(within(dialog).getByLabelText('IMEI of Galaxy S30'), { target: { value: GOOD_IMEI } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save packing' }));
    await waitFor(() => expect(server.inputsOf('shipping.pack')).toHaveLength(1));
    expect(server.inputsOf('shipping.pack')[0]).not.toHaveProperty('ewayBill');
    await within(dialog).findByTestId('packed-summary');

    // Ship asks for it, required.
    const number = within(dialog).getByLabelText('E-way bill number');
    expect(number.hasAttribute('required')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('AWB (air waybill number)'), { target: { value: 'DLV777001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(number)).toEqual([expect.stringContaining('it needs an e-way bill'), 'e-way bill number is required to ship this parcel']);
    expect(server.inputsOf('shipping.shipManual')).toEqual([]);
    expect(document.activeElement).toBe(number);

    fireEvent.change(number, { target: { value: '3312 3456 789' } });
    fireEvent.change(within(dialog).getByLabelText('E-way bill date'), { target: { value: '2026-11-26' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(describedBy(number)).toContain('e-way bill number must be 12 digits'));
    fireEvent.change(number, { target: { value: '3312 3456 7890' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Shipped with Delhivery, AWB DLV777001')).toBeTruthy();
    expect(server.inputsOf('shipping.shipManual')[0]).toMatchObject({ ewayBill: { number: '3312 3456 7890', date: '2026-11-26' } });
  });

  it('shows the server’s refusal beside the form, naming the unit', async () => {
    const message = `IMEI ${GOOD_IMEI} is already out with order ord_0: a unit cannot ship twice until it comes back.`;
    renderShop(adminOrder('ord_2'), sheetOf('ord_2'), {
      'shipping.pack': () => {
        throw new FakeServerError(409, 'CONFLICT', message);
      },
    });
    const dialog = await openDialog('ord_2');
    fireEvent.change(await within(dialog).findByLabelText('IMEI of Galaxy S30'), { target: { value: GOOD_IMEI } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save packing' }));
    expect((await within(dialog).findByTestId('pack-ship-refusal')).textContent).toBe(message);
    expect(within(dialog).getByRole('listitem', { current: 'step' }).textContent).toContain('Pack');
  });

  it('asks each unit of a line its number, and refuses the same number twice before sending', async () => {
    const order = adminOrder('ord_3');
    const server = renderShop(
      order,
      sheetOf('ord_3', { lines: [{ itemId: 'it_tv', productId: 'p3', name: 'Vision 43', variantLabel: null, sku: 'V43', quantity: 2, unitIds: 'serial' }] }),
    );
    const dialog = await openDialog('ord_3');
    const [first, secondUnit] = [
      await within(dialog).findByLabelText('Serial number of Vision 43, unit 1 of 2'),
      within(dialog).getByLabelText('Serial number of Vision 43, unit 2 of 2'),
    ];
    expect(first.getAttribute('inputmode')).toBe('text');
    fireEvent.change(first, { target: { value: 'sn-100' } });
    fireEvent.change(secondUnit, { target: { value: 'SN-100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save packing' }));
    await waitFor(() => expect(describedBy(secondUnit)).toEqual(['this serial number is typed twice (also for Vision 43, unit 1)']));
    fireEvent.change(secondUnit, { target: { value: 'SN 101' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save packing' }));
    await waitFor(() => expect(describedBy(secondUnit)).toEqual(['Serial number must be letters and digits (and - / .) without spaces']));
    expect(server.inputsOf('shipping.pack')).toEqual([]);
    fireEvent.change(secondUnit, { target: { value: 'SN-101' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save packing' }));
    await waitFor(() => expect(server.inputsOf('shipping.pack')).toHaveLength(1));
    expect((server.inputsOf('shipping.pack')[0] as { units: unknown[] }).units).toEqual([
      { itemId: 'it_tv', unit: 0, serial: 'sn-100' },
      { itemId: 'it_tv', unit: 1, serial: 'SN-101' },
    ]);
  });

  it('an order with nothing to scan opens on Ship: the server packs it as it ships', async () => {
    const order = adminOrder('ord_4', { productDetails: [{ productId: 'p2', name: 'Buds Air', image: [], price: 199_900, quantity: 1, notInStock: 0 }] });
    const server = renderShop(
      order,
      sheetOf('ord_4', { lines: [{ itemId: 'it_buds', productId: 'p2', name: 'Buds Air', variantLabel: null, sku: null, quantity: 1, unitIds: 'none' }] }),
    );
    const dialog = await openDialog('ord_4');
    expect((await within(dialog).findByRole('listitem', { current: 'step' })).textContent).toContain('Ship');
    expect(within(dialog).getByText(/Nothing in this order needs a serial number or IMEI/)).toBeTruthy();
    const awb = within(dialog).getByLabelText('AWB (air waybill number)');
    await waitFor(() => expect(document.activeElement).toBe(awb));
    fireEvent.change(awb, { target: { value: 'EE123456789IN' } });
    fireEvent.change(within(dialog).getByLabelText('Courier name'), { target: { value: 'India Post' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Shipped with India Post, AWB EE123456789IN')).toBeTruthy();
    expect(server.inputsOf('shipping.pack')).toEqual([]);
  });
});

describe('the parcel on the admin’s order card', () => {
  afterEach(cleanup);

  it('reads the parcels of the page in one call and shows status, courier, AWB with its link, e-way bill, numbers and the packing slip', async () => {
    const shipped = adminOrder('ord_shipped', { status: 'shipped' });
    const server = fakeServer({
      'shipping.ofOrders': () => ({
        ord_shipped: shipmentOf({
          status: 'shipped',
          courierName: 'Delhivery',
          awb: 'DLV123456',
          trackingUrl: 'https://track.example.in/awb/DLV123456',
          ewayBill: { number: '331234567890', date: '2026-11-26' },
          units: [{ itemId: 'it_phone', line: 0, unit: 0, kind: 'imei', values: [GOOD_IMEI, GOOD_IMEI_2] }],
        }),
      }),
    });
    render(
      renderableApp({
        routes: [{ path: '/', element: <AdminOrderList orders={[shipped, adminOrder('ord_new'), adminOrder('ord_pending', { status: 'pending' })]} /> }],
        fetch: server.fetch,
      }),
    );
    const parcel = await screen.findByTestId('order-parcel');
    expect(server.inputsOf('shipping.ofOrders')).toEqual([{ orderIds: ['ord_shipped', 'ord_new'] }]);
    expect(within(parcel).getByTestId('parcel-status').textContent).toBe('Shipped');
    const track = within(parcel).getByRole('link', { name: 'DLV123456 (track the parcel, opens in a new tab)' });
    expect(track.getAttribute('href')).toBe('https://track.example.in/awb/DLV123456');
    expect(track.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(parcel).getByTestId('parcel-courier').textContent).toContain('Delhivery · AWB');
    expect(within(parcel).getByTestId('parcel-eway-bill').textContent).toBe('E-way bill 331234567890 of 2026-11-26');
    expect(within(parcel).getByTestId('parcel-units').textContent).toBe(`Galaxy S30: IMEI ${GOOD_IMEI}, ${GOOD_IMEI_2}`);
    expect(within(parcel).getByRole('link', { name: 'Packing slip (PDF) of order ord_shipped' }).getAttribute('href')).toBe('/admin/orders/ord_shipped/packing-slip.pdf');
    expect(screen.getAllByTestId('order-parcel')).toHaveLength(1);
  });
});

describe('Pack & ship with Shiprocket', () => {
  withToastHost();
  afterEach(cleanup);

  const AWB = '19041234567890';
  const PICKUP = 'Pickup scheduled for 27 Nov 2026, 11:00 am';

  /** A shop whose courier is Shiprocket: book fails as often as `failures` says (a 502, as when Shiprocket times out), then books. */
  function renderShiprocketShop(initial: PackingSheet, opts: { failures?: number; rates?: () => CourierRates } = {}) {
    let sheet = initial;
    let failures = opts.failures ?? 0;
    const order = adminOrder(initial.orderId);
    const server = fakeServer({
      // Rates not given by a test: Shiprocket's serviceability fails (booking goes to its recommended courier).
      'shipping.rates':
        opts.rates ??
        (() => {
          throw new FakeServerError(502, 'COURIER', 'Shiprocket answered HTTP 503 (check serviceability)');
        }),
      'shipping.packingSheet': () => sheet,
      'shipping.pack': (input: any) => {
        sheet = { ...sheet, shipment: shipmentOf({ ...sheet.shipment, ewayBill: input.ewayBill ?? null, ewayBillRequired: sheet.ewayBillRequired }) };
        return sheet;
      },
      'shipping.setEwayBill': (input: any) => {
        sheet = { ...sheet, shipment: shipmentOf({ ...sheet.shipment, ewayBill: input.ewayBill }) };
        return sheet;
      },
      'shipping.book': () => {
        if (sheet.ewayBillRequired && !sheet.shipment?.ewayBill) throw new FakeServerError(400, 'BAD_INPUT', 'ewayBill: give its e-way bill');
        if (failures > 0) {
          failures -= 1;
          throw new FakeServerError(502, 'COURIER', 'Shiprocket did not answer in time: try again (the shipment is looked up first, never made twice)');
        }
        sheet = {
          ...sheet,
          shipment: shipmentOf({
            ...sheet.shipment,
            status: 'booked',
            courier: 'shiprocket',
            courierName: 'Delhivery Surface',
            awb: AWB,
            routingCode: 'S2/S-69/1B/016',
            trackingUrl: `https://shiprocket.co/tracking/${AWB}`,
            timeline: [
              { status: 'packed', at: '2026-11-26T05:00:00.000Z', label: 'Packed', location: null, reason: null, note: null },
              { status: 'booked', at: '2026-11-26T06:00:00.000Z', label: 'Handed to the courier', location: null, reason: null, note: `Delhivery Surface, AWB ${AWB}` },
              { status: 'booked', at: '2026-11-26T06:00:01.000Z', label: 'Handed to the courier', location: null, reason: null, note: PICKUP },
            ],
          }),
        };
        return sheet;
      },
      'shipping.handOver': () => {
        sheet = { ...sheet, orderStatus: 'shipped', shipment: shipmentOf({ ...sheet.shipment, status: 'shipped' }) };
        return sheet;
      },
      'shipping.ofOrders': () => (sheet.shipment ? { [sheet.orderId]: sheet.shipment } : {}),
    });
    render(renderableApp({ routes: [{ path: '/', element: <AdminOrderList orders={[order]} /> }], fetch: server.fetch, toasts: true }));
    return server;
  }

  it('books a packed parcel with one button: a 502 shows beside it with Try again; then the AWB, courier, routing code, pickup and labels; Handed over ships it', async () => {
    const server = renderShiprocketShop(
      sheetOf('ord_sr', { courier: 'shiprocket', shipment: shipmentOf({ units: [{ itemId: 'it_phone', line: 0, unit: 0, kind: 'imei', values: [GOOD_IMEI] }] }) }),
      {
        failures: 1,
      },
    );
    const dialog = await openDialog('ord_sr');
    // No AWB to type: Shiprocket gives it.
    const bookButton = await within(dialog).findByRole('button', { name: 'Book with Shiprocket' });
    expect(within(dialog).queryByLabelText('AWB (air waybill number)')).toBeNull();
    expect(within(dialog).getByTestId('packed-summary').textContent).toContain(`IMEI ${GOOD_IMEI}`);

    fireEvent.click(bookButton);
    const refusal = await within(dialog).findByTestId('pack-ship-refusal');
    expect(refusal.textContent).toBe('Shiprocket did not answer in time: try again (the shipment is looked up first, never made twice)');
    const again = within(dialog).getByRole('button', { name: 'Try again' });
    fireEvent.click(again);
    expect(await screen.findByText(`Booked with Delhivery Surface, AWB ${AWB}`)).toBeTruthy();
    expect(server.inputsOf('shipping.book')).toEqual([{ orderId: 'ord_sr' }, { orderId: 'ord_sr' }]);

    const booked = await within(dialog).findByTestId('booked-parcel');
    expect(within(booked).getByTestId('booked-awb').textContent).toBe(AWB);
    expect(within(booked).getByTestId('booked-courier').textContent).toBe('Delhivery Surface');
    expect(within(booked).getByTestId('booked-routing-code').textContent).toBe('S2/S-69/1B/016');
    expect(within(booked).getByTestId('booked-pickup').textContent).toBe(PICKUP);
    expect(within(booked).getByRole('link', { name: 'Label 4×6 (PDF)' }).getAttribute('href')).toBe('/admin/orders/ord_sr/label.pdf?size=4x6');
    expect(within(booked).getByRole('link', { name: 'Label A4 (PDF)' }).getAttribute('href')).toBe('/admin/orders/ord_sr/label.pdf?size=a4');
    expect(within(dialog).getByRole('link', { name: 'Packing slip (PDF)' }).getAttribute('href')).toBe('/admin/orders/ord_sr/packing-slip.pdf');
    expect(within(dialog).queryByTestId('booking-incomplete')).toBeNull();
    // Booked: the parcel cannot go back to packing.
    expect(within(dialog).queryByRole('button', { name: 'Back to packing' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Handed over' }));
    expect(await screen.findByText(`Handed over: order shipped with Delhivery Surface, AWB ${AWB}`)).toBeTruthy();
    expect(server.inputsOf('shipping.handOver')).toEqual([{ orderId: 'ord_sr' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks the e-way bill a ₹75,000 parcel lacks and saves it with the parcel before booking; “or ship with your own courier” opens the manual form and back', async () => {
    const server = renderShiprocketShop(
      sheetOf('ord_big_sr', {
        courier: 'shiprocket',
        valuePaise: 7_500_000,
        ewayBillRequired: true,
        shipment: shipmentOf({ ewayBillRequired: true, units: [{ itemId: 'it_phone', line: 0, unit: 0, kind: 'imei', values: [GOOD_IMEI] }] }),
      }),
    );
    const dialog = await openDialog('ord_big_sr');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'or ship with your own courier' }));
    expect(within(dialog).getByLabelText('AWB (air waybill number)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book with Shiprocket instead' }));
    expect(within(dialog).queryByLabelText('AWB (air waybill number)')).toBeNull();

    const number = within(dialog).getByLabelText('E-way bill number');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book with Shiprocket' }));
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(number)).toContain('e-way bill number is required to ship this parcel');
    expect(server.inputsOf('shipping.setEwayBill')).toEqual([]);
    expect(server.inputsOf('shipping.book')).toEqual([]);

    fireEvent.change(number, { target: { value: '3312 3456 7890' } });
    fireEvent.change(within(dialog).getByLabelText('E-way bill date'), { target: { value: '2026-11-26' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book with Shiprocket' }));
    expect(await screen.findByText(`Booked with Delhivery Surface, AWB ${AWB}`)).toBeTruthy();
    expect(server.inputsOf('shipping.setEwayBill')).toEqual([{ orderId: 'ord_big_sr', ewayBill: { number: '3312 3456 7890', date: '2026-11-26' } }]);
    // The bill first, then the booking.
    const order = server.calls.map((c) => c.path).filter((p) => p === 'shipping.setEwayBill' || p === 'shipping.book');
    expect(order).toEqual(['shipping.setEwayBill', 'shipping.book']);
  });

  const RATES: CourierRates = {
    pickupPin: '560025',
    deliveryPin: '560001',
    weightGrams: 800,
    cod: true,
    error: null,
    options: [
      { courierId: 10, courierName: 'Delhivery Surface', ratePaise: 10_800, etdDays: 4, etdDate: '2026-12-03', cod: true, recommended: true },
      { courierId: 33, courierName: 'Xpressbees Surface', ratePaise: 12_300, etdDays: 3, etdDate: '2026-12-02', cod: true, recommended: false },
      { courierId: 24, courierName: 'Blue Dart Air', ratePaise: 124_050, etdDays: 1, etdDate: null, cod: false, recommended: false },
    ],
  };

  it('lists Shiprocket’s couriers with rate, delivery date and COD, its recommended one chosen and marked; another pick is sent as courierId', async () => {
    const server = renderShiprocketShop(
      sheetOf('ord_rates', { courier: 'shiprocket', shipment: shipmentOf({ units: [{ itemId: 'it_phone', line: 0, unit: 0, kind: 'imei', values: [GOOD_IMEI] }] }) }),
      { rates: () => RATES },
    );
    const dialog = await openDialog('ord_rates');
    const list = await within(dialog).findByTestId('courier-rates');
    const rows = within(list).getAllByTestId('courier-rate');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Delhivery SurfaceRecommendedDelivery by Thu, 3 Dec (4 days) · COD yes₹108.00',
      'Xpressbees SurfaceDelivery by Wed, 2 Dec (3 days) · COD yes₹123.00',
      'Blue Dart AirDelivery 1 day · COD no₹1,240.50',
    ]);
    const recommended = within(list).getByRole('radio', { name: /Delhivery Surface/ });
    expect((recommended as HTMLInputElement).checked).toBe(true);
    // Booking with the recommended one sends no choice: Shiprocket's own default.
    fireEvent.click(within(list).getByRole('radio', { name: /Xpressbees Surface/ }));
    expect((recommended as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book with Shiprocket' }));
    expect(await screen.findByText(`Booked with Delhivery Surface, AWB ${AWB}`)).toBeTruthy();
    expect(server.inputsOf('shipping.book')).toEqual([{ orderId: 'ord_rates', courierId: 33 }]);
    expect(server.inputsOf('shipping.rates')[0]).toEqual({ orderId: 'ord_rates' });
  });

  it('rates that could not be loaded say so and keep the Book button, which books with the recommended courier', async () => {
    const server = renderShiprocketShop(
      sheetOf('ord_norates', { courier: 'shiprocket', shipment: shipmentOf({ units: [{ itemId: 'it_phone', line: 0, unit: 0, kind: 'imei', values: [GOOD_IMEI] }] }) }),
      { rates: () => ({ ...RATES, options: [], error: 'Shiprocket did not answer within 10 s (check serviceability)' }) },
    );
    const dialog = await openDialog('ord_norates');
    const failed = await within(dialog).findByTestId('rates-failed');
    expect(failed.textContent).toContain('Couldn’t load rates — book with Shiprocket’s recommended courier.');
    expect(failed.textContent).toContain('Shiprocket did not answer within 10 s');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book with Shiprocket' }));
    expect(await screen.findByText(`Booked with Delhivery Surface, AWB ${AWB}`)).toBeTruthy();
    expect(server.inputsOf('shipping.book')).toEqual([{ orderId: 'ord_norates' }]);
  });

  it('an order with nothing to scan is packed with its e-way bill as it is booked', async () => {
    const server = renderShiprocketShop(
      sheetOf('ord_tv', {
        courier: 'shiprocket',
        valuePaise: 6_000_000,
        ewayBillRequired: true,
        lines: [{ itemId: 'it_buds', productId: 'p2', name: 'Buds Air', variantLabel: null, sku: null, quantity: 1, unitIds: 'none' }],
      }),
    );
    const dialog = await openDialog('ord_tv');
    fireEvent.change(await within(dialog).findByLabelText('E-way bill number'), { target: { value: '331234567890' } });
    fireEvent.change(within(dialog).getByLabelText('E-way bill date'), { target: { value: '2026-11-26' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book with Shiprocket' }));
    expect(await screen.findByText(`Booked with Delhivery Surface, AWB ${AWB}`)).toBeTruthy();
    expect(server.inputsOf('shipping.pack')).toEqual([{ orderId: 'ord_tv', units: [], ewayBill: { number: '331234567890', date: '2026-11-26' } }]);
  });
});

describe('the parcel block: Shiprocket’s booking and the manual courier’s steps', () => {
  withToastHost();
  afterEach(cleanup);

  function renderCard(shipment: AdminShipment, more: Record<string, Procedure> = {}) {
    const server = fakeServer({ 'shipping.ofOrders': () => ({ ord_p: shipment }), ...more });
    render(renderableApp({ routes: [{ path: '/', element: <AdminOrderList orders={[adminOrder('ord_p')]} /> }], fetch: server.fetch, toasts: true }));
    return server;
  }

  it('a booked parcel shows its AWB, routing code, pickup, labels and the courier’s last error in red, and is handed over from the card', async () => {
    const server = renderCard(
      shipmentOf({
        status: 'booked',
        courier: 'shiprocket',
        courierName: 'Delhivery Surface',
        awb: '19041234567890',
        routingCode: 'S2/S-69/1B/016',
        trackingUrl: 'https://shiprocket.co/tracking/19041234567890',
        lastError: 'Shiprocket answered 503: Something went wrong',
        timeline: [
          { status: 'booked', at: '2026-11-26T06:00:01.000Z', label: 'Handed to the courier', location: null, reason: null, note: 'Pickup scheduled for 27 Nov 2026, 11:00 am' },
        ],
      }),
      { 'shipping.handOver': () => ({ orderId: 'ord_p', shipment: null }) },
    );
    const parcel = await screen.findByTestId('order-parcel');
    expect(within(parcel).getByTestId('parcel-courier').textContent).toContain('Delhivery Surface · AWB 19041234567890');
    expect(within(parcel).getByTestId('parcel-routing-code').textContent).toBe('Routing code S2/S-69/1B/016');
    expect(within(parcel).getByTestId('parcel-pickup').textContent).toBe('Pickup scheduled for 27 Nov 2026, 11:00 am');
    const error = within(parcel).getByTestId('parcel-last-error');
    expect(error.textContent).toBe('Courier error: Shiprocket answered 503: Something went wrong');
    expect(error.className).toContain('text-red-800');
    expect(within(parcel).getByRole('link', { name: 'Label 4×6 (PDF)' }).getAttribute('href')).toBe('/admin/orders/ord_p/label.pdf?size=4x6');
    expect(within(parcel).getByRole('link', { name: 'Label A4 (PDF)' }).getAttribute('href')).toBe('/admin/orders/ord_p/label.pdf?size=a4');
    expect(within(parcel).queryByTestId('delivery-steps')).toBeNull();
    fireEvent.click(within(parcel).getByRole('button', { name: 'Handed over to the courier: order VM-2026-ord_p' }));
    await waitFor(() => expect(server.inputsOf('shipping.handOver')).toEqual([{ orderId: 'ord_p' }]));
  });

  it('a cancelled parcel Shiprocket did not confirm cancelling shows why, with a button to ask Shiprocket again', async () => {
    const server = renderCard(
      shipmentOf({
        status: 'cancelled',
        courier: 'shiprocket',
        courierName: 'Delhivery Surface',
        awb: '19041234567890',
        courierCancelPending: true,
        lastError: 'Cancel it in Shiprocket’s panel (or press Try again): Shiprocket did not confirm the cancel: Shiprocket answered HTTP 503 (cancel order)',
      }),
      { 'shipping.retryCancel': () => ({ cancelled: true }) },
    );
    const parcel = await screen.findByTestId('order-parcel');
    expect(within(parcel).getByTestId('parcel-status').textContent).toBe('Shipment cancelled');
    expect(within(parcel).getByTestId('parcel-last-error').textContent).toContain('Cancel it in Shiprocket’s panel');
    expect(within(parcel).queryByRole('button', { name: /Handed over/ })).toBeNull();
    fireEvent.click(within(parcel).getByRole('button', { name: 'Try again to cancel order VM-2026-ord_p at Shiprocket' }));
    expect(await screen.findByText('Order VM-2026-ord_p: cancelled at Shiprocket')).toBeTruthy();
    expect(server.inputsOf('shipping.retryCancel')).toEqual([{ orderId: 'ord_p' }]);
  });

  it('a manual courier’s parcel on its way records out for delivery, a failed delivery with its reason, and its return, damaged or not', async () => {
    const server = renderCard(shipmentOf({ status: 'shipped', courierName: 'Delhivery', awb: 'DLV123456' }), {
      'shipping.recordStep': (input: any) => ({ orderId: input.orderId, shipment: null }),
    });
    const parcel = await screen.findByTestId('order-parcel');
    const steps = within(parcel).getByRole('group', { name: 'Delivery steps: order VM-2026-ord_p' });
    expect(
      within(steps)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Out for delivery', 'Delivery failed…', 'Returning to shop', 'Back at the shop…']);

    fireEvent.click(within(steps).getByRole('button', { name: 'Out for delivery' }));
    expect(await screen.findByText('Recorded: out for delivery')).toBeTruthy();

    fireEvent.click(within(steps).getByRole('button', { name: 'Delivery failed…' }));
    const failed = await screen.findByRole('dialog', { name: 'Delivery failed' });
    const reason = within(failed).getByLabelText('Reason, as the courier reported it');
    fireEvent.click(within(failed).getByRole('button', { name: 'Record failed delivery' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(reason)).toEqual(['say why the delivery failed, as the courier reported it']);
    fireEvent.change(reason, { target: { value: '  Customer not available  ' } });
    fireEvent.click(within(failed).getByRole('button', { name: 'Record failed delivery' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delivery failed' })).toBeNull());

    fireEvent.click(within(steps).getByRole('button', { name: 'Back at the shop…' }));
    const back = await screen.findByRole('dialog', { name: 'Back at the shop' });
    fireEvent.click(within(back).getByRole('button', { name: 'Record return' }));
    expect(await within(back).findByText('say whether the parcel came back damaged')).toBeTruthy();
    fireEvent.click(within(back).getByRole('radio', { name: 'Yes: keep it off sale' }));
    fireEvent.click(within(back).getByRole('button', { name: 'Record return' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Back at the shop' })).toBeNull());

    expect(server.inputsOf('shipping.recordStep')).toEqual([
      { orderId: 'ord_p', status: 'out_for_delivery' },
      { orderId: 'ord_p', status: 'delivery_failed', reason: 'Customer not available' },
      { orderId: 'ord_p', status: 'returned', damaged: true },
    ]);
  });

  it('a parcel on its way back offers only “Back at the shop…”; the server’s refusal shows in the dialog', async () => {
    renderCard(shipmentOf({ status: 'returning', courierName: 'Delhivery', awb: 'DLV123456' }), {
      'shipping.recordStep': () => {
        throw new FakeServerError(409, 'INVALID_TRANSITION', 'Only a parcel on its way (shipped, out for delivery, or returning) has delivery steps to record.');
      },
    });
    const steps = await screen.findByTestId('delivery-steps');
    expect(
      within(steps)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Back at the shop…']);
    fireEvent.click(within(steps).getByRole('button', { name: 'Back at the shop…' }));
    const back = await screen.findByRole('dialog', { name: 'Back at the shop' });
    fireEvent.click(within(back).getByRole('radio', { name: 'No: it goes back on sale' }));
    fireEvent.click(within(back).getByRole('button', { name: 'Record return' }));
    expect((await within(back).findByRole('alert')).textContent).toBe('Only a parcel on its way (shipped, out for delivery, or returning) has delivery steps to record.');
  });

  it('a Shiprocket parcel on its way has no manual steps (its scans move it)', async () => {
    renderCard(shipmentOf({ status: 'shipped', courier: 'shiprocket', courierName: 'Delhivery Surface', awb: '19041234567890' }));
    await screen.findByTestId('order-parcel');
    expect(screen.queryByTestId('delivery-steps')).toBeNull();
  });
});
