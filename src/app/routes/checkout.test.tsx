import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutOptions } from '../../../shared/schemas/order';
import type { SavedAddress, StorefrontInfo } from '../../../shared/schemas/settings';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../lib/test-providers';
import { Component as Checkout } from './checkout';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</output>;
}

const shopper = { _id: 'u1', name: 'Ravi Kumar', email: 'ravi@example.com', role: 'GENERAL', profilePic: null };

const product = (id: string, name: string, sellingPrice: number) => ({
  _id: id,
  productName: name,
  brandName: 'Sony',
  category: 'earphones',
  productImage: [],
  description: '',
  price: sellingPrice,
  sellingPrice,
  stock: 10,
  trackStock: true,
});
const cartLines = [
  { _id: 'l1', userId: 'u1', quantity: 2, productId: product('p1', 'Sony WF-C700N', 749_000) },
  { _id: 'l2', userId: 'u1', quantity: 1, productId: product('p2', 'boAt Airdopes 141', 129_900) },
];

const storefront: StorefrontInfo = {
  seller: null,
  grievanceOfficer: null,
  policies: { returns: '', shipping: '' },
  shipping: { standardPaise: 4900, expressPaise: 9900, freeAbovePaise: 5_000_000, standardDays: '3–5', expressDays: '1–2', allIndia: false },
  timeZone: 'Asia/Kolkata',
};

const home: SavedAddress = {
  _id: 'a-home',
  name: 'Ravi Kumar',
  phone: '+919876543210',
  line1: '12 MG Road',
  line2: 'Near Trinity Metro',
  city: 'Bengaluru',
  stateCode: '29',
  pin: '560001',
  gstin: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const office: SavedAddress = {
  _id: 'a-office',
  name: 'Ravi Kumar',
  phone: '+919876543210',
  line1: 'Plot 7, Hitech City',
  line2: '',
  city: 'Hyderabad',
  stateCode: '36',
  pin: '500081',
  gstin: '36AAACV1234F1Z8',
  createdAt: '2026-10-01T10:00:00.000Z',
};

/** Where checkout.start sends the browser: a fragment of this page, the one navigation jsdom performs. */
const PAYMENT_URL = `${window.location.origin}${window.location.pathname}#pay-cs_test_1`;

const TEST_CHECKOUT = { kind: 'test', label: 'Card (test checkout: no money moves)', choosesDelivery: true } as const;
const STRIPE = { kind: 'stripe', label: 'Card (Stripe)', choosesDelivery: true } as const;
const RAZORPAY = { kind: 'razorpay', label: 'UPI, cards, netbanking and wallets (Razorpay)', choosesDelivery: false } as const;
const COD_OFF: CheckoutOptions['cod'] = { offered: false, available: false, reason: 'Cash on delivery is not offered by this shop.', feePaise: 0, maxOrderPaise: 5_000_000 };
const COD_ON: CheckoutOptions['cod'] = { offered: true, available: true, reason: null, feePaise: 2500, maxOrderPaise: 5_000_000 };

/** checkout.options as the server words it for `lines`: the storefront's fees, standard free from ₹50,000. */
function optionsFor(lines: unknown[], patch: Partial<CheckoutOptions> = {}): CheckoutOptions {
  const subtotal = (lines as typeof cartLines).reduce((sum, line) => sum + line.quantity * line.productId.sellingPrice, 0);
  return {
    subtotal,
    delivery: [
      { rate: 'standard', label: 'Standard delivery', amount: subtotal >= 5_000_000 ? 0 : 4900, days: '3–5', by: null },
      { rate: 'express', label: 'Express delivery', amount: 9900, days: '1–2', by: null },
    ],
    online: [TEST_CHECKOUT],
    cod: COD_OFF,
    ...patch,
  };
}

type Procedure = (input: any) => unknown;

function shop(
  opts: {
    user?: typeof shopper | null;
    addresses?: SavedAddress[];
    lines?: unknown[];
    start?: Procedure;
    /** checkout.options' answer for an input; the test checkout alone, no cash on delivery, by default. */
    options?: (input: any) => Partial<CheckoutOptions>;
    placeCodOrder?: Procedure;
  } = {},
) {
  let addresses = [...(opts.addresses ?? [])];
  const lines = opts.lines ?? cartLines;
  return fakeServer({
    'account.me': () => (opts.user === undefined ? shopper : opts.user),
    'cart.list': () => lines,
    'checkout.options': (input: any) => optionsFor(lines, opts.options?.(input)),
    'checkout.placeCodOrder': opts.placeCodOrder ?? (() => ({ orderId: 'o-cod', url: '/success?order_id=o-cod' })),
    'settings.storefront': () => storefront,
    'address.list': () => addresses,
    'address.create': (input: any) => {
      const saved: SavedAddress = { ...input, _id: 'a-new', phone: `+91${String(input.phone).slice(-10)}`, gstin: input.gstin || null, createdAt: '2026-11-25T10:00:00.000Z' };
      addresses = [saved, ...addresses];
      return saved;
    },
    'address.remove': (input: any) => {
      addresses = addresses.filter((a) => a._id !== input.addressId);
      return { removed: input.addressId };
    },
    'checkout.start': opts.start ?? (() => ({ orderId: 'o1', sessionId: 'cs_test_1', url: PAYMENT_URL })),
  });
}

function renderCheckout(server: ReturnType<typeof shop>) {
  render(
    renderableApp({
      routes: [
        {
          path: '/checkout',
          element: (
            <>
              <Checkout />
              <Where />
            </>
          ),
        },
        { path: '/login', element: <Where /> },
        { path: '/cart', element: <Where /> },
        { path: '/success', element: <Where /> },
      ],
      initialEntries: ['/checkout'],
      fetch: server.fetch,
      toasts: true,
    }),
  );
}

const fill = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const continueButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Continue to payment|Opening payment/ });
/** The order button once the ways to pay are in (it waits for them: cash on delivery depends on the address). */
async function readyButton(name: string | RegExp) {
  const button = await screen.findByRole<HTMLButtonElement>('button', { name });
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}
const radio = (name: string | RegExp) => screen.getByRole<HTMLInputElement>('radio', { name });
const descriptionOf = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

describe('Checkout: the delivery address step', () => {
  withToastHost();
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', window.location.pathname);
    window.sessionStorage.clear();
  });

  it('sends a visitor to login, to come back here', async () => {
    renderCheckout(shop({ user: null }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login {"from":"/checkout"}'));
  });

  it('shows the cart summary with the standard delivery fee, and a link back when the cart is empty', async () => {
    renderCheckout(shop({ addresses: [home] }));
    const summary = await screen.findByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Sony WF-C700N')).toBeTruthy();
    expect(within(summary).getByText('(3)')).toBeTruthy();
    expect(within(summary).getByTestId('checkout-subtotal').textContent).toBe('₹16,279.00');
    await waitFor(() => expect(within(summary).getByTestId('checkout-delivery').textContent).toBe('₹49.00'));
    expect(within(summary).getByTestId('checkout-total').textContent).toBe('₹16,328.00');
    cleanup();

    renderCheckout(shop({ addresses: [home], lines: [{ ...cartLines[0], quantity: 7 }] }));
    const free = await screen.findByRole('complementary', { name: 'Order summary' });
    await waitFor(() => expect(within(free).getByTestId('checkout-delivery').textContent).toBe('Free'));
    cleanup();

    renderCheckout(shop({ addresses: [home], lines: [] }));
    const back = await screen.findByRole('link', { name: 'Back to the cart' });
    expect(back.getAttribute('href')).toBe('/cart');
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
  });

  it('checks a new address with the shared schema beside each field, saves it, selects it and pays with it', async () => {
    const server = shop();
    renderCheckout(server);
    await screen.findByRole('heading', { name: 'Add a delivery address' });
    expect(continueButton().disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const name = screen.getByLabelText('Full name');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Name is required');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Phone must be a 10-digit Indian mobile number')).toBeTruthy();
    expect(screen.getByText('PIN code must be 6 digits (e.g. 560001)')).toBeTruthy();
    expect(screen.getByText('State must be one of India’s states or union territories')).toBeTruthy();
    // The first wrong field takes the cursor.
    expect(document.activeElement).toBe(name);

    // A fixed field loses its message at once; the others keep theirs.
    fill('Full name', 'Ravi Kumar');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBeNull();
    fill('PIN code', '56001');
    expect(screen.getByText('PIN code must be 6 digits (e.g. 560001)')).toBeTruthy();

    fill('Mobile number', '98765 43210');
    fill('Address line 1', '12 MG Road');
    fill('City', 'Bengaluru');
    fireEvent.change(screen.getByLabelText('State or union territory'), { target: { value: '29' } });
    fill('PIN code', '560001');
    fill('GSTIN (for a business invoice)', '29ABCDE1234F1Z');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(screen.getByText('GSTIN: A GSTIN has 15 characters; this one has 14.')).toBeTruthy();
    expect(server.inputsOf('address.create')).toEqual([]);

    fill('GSTIN (for a business invoice)', '');
    expect(screen.queryByText(/^GSTIN: /)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));

    const saved = await screen.findByRole('radio', { name: /12 MG Road/ });
    expect(server.inputsOf('address.create')).toEqual([
      { name: 'Ravi Kumar', phone: '98765 43210', line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '' },
    ]);
    expect((saved as HTMLInputElement).checked).toBe(true);
    expect(saved.closest('li')?.textContent).toContain('Bengaluru, Karnataka 560001');
    expect(await screen.findByText('Address saved')).toBeTruthy();

    fireEvent.click(await readyButton('Continue to payment'));
    await waitFor(() => expect(window.location.hash).toBe('#pay-cs_test_1'));
    expect(server.inputsOf('checkout.start')).toEqual([{ addressId: 'a-new', provider: 'test' }]);
    // Busy until the payment page has replaced this one.
    expect(continueButton().textContent).toBe('Opening payment…');
    expect(continueButton().disabled).toBe(true);
  });

  it('preselects the most recent address, pays with the one chosen, and shows a refused PIN beside it', async () => {
    let release: () => void = () => undefined;
    const server = shop({
      addresses: [home, office],
      start: async (input: any) => {
        await new Promise<void>((resolve) => (release = resolve));
        throw new FakeServerError(400, 'NOT_SERVICEABLE', `Sorry, we do not deliver to PIN code 500081 yet. Choose another address.`);
        return input;
      },
    });
    renderCheckout(server);
    const first = await screen.findByRole<HTMLInputElement>('radio', { name: /12 MG Road/ });
    const second = screen.getByRole<HTMLInputElement>('radio', { name: /Hitech City/ });
    expect(first.checked).toBe(true);
    expect(second.closest('li')?.textContent).toContain('GSTIN: 36AAACV1234F1Z8');
    expect(second.closest('li')?.textContent).toContain('Phone: +91 98765 43210');
    expect(second.closest('li')?.textContent).toContain('Hyderabad, Telangana 500081');

    fireEvent.click(second);
    expect(second.checked).toBe(true);
    fireEvent.click(await readyButton('Continue to payment'));
    await waitFor(() => expect(continueButton().textContent).toBe('Opening payment…'));
    expect(continueButton().disabled).toBe(true);
    release();

    const message = 'Sorry, we do not deliver to PIN code 500081 yet. Choose another address.';
    const alert = await within(second.closest('li')!).findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(second.getAttribute('aria-describedby')).toBe(alert.id);
    // And as a toast.
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(server.inputsOf('checkout.start')).toEqual([{ addressId: 'a-office', provider: 'test' }]);
    expect(continueButton().disabled).toBe(false);
    expect(continueButton().textContent).toBe('Continue to payment');
  });

  it('says why beside the button when the server refuses for another reason', async () => {
    renderCheckout(
      shop({
        addresses: [home],
        start: () => {
          throw new FakeServerError(409, 'OUT_OF_STOCK', 'Only 1 of Sony WF-C700N left in stock: lower the quantity in your cart');
        },
      }),
    );
    fireEvent.click(await readyButton('Continue to payment'));
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    const alert = await within(summary).findByRole('alert');
    expect(alert.textContent).toContain('Only 1 of Sony WF-C700N left in stock');
    expect(within(alert).getByRole('link', { name: 'Go to the cart' }).getAttribute('href')).toBe('/cart');
  });

  it('keeps a half-typed new address for the tab across a reload, and forgets it once saved', async () => {
    const server = shop({ addresses: [home] });
    renderCheckout(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a new address' }));
    fill('Full name', 'Asha Rao');
    fill('Address line 1', '4 Park Street');
    fireEvent.change(screen.getByLabelText('State or union territory'), { target: { value: '19' } });
    fill('PIN code', '7000');
    // Only the form's own fields, for this user, in this tab's storage.
    expect(JSON.parse(window.sessionStorage.getItem('voltmart:draft:checkout-address:u1') ?? 'null')).toEqual({
      name: 'Asha Rao',
      phone: '',
      line1: '4 Park Street',
      line2: '',
      city: '',
      stateCode: '19',
      pin: '7000',
      gstin: '',
    });

    // The reload: the page starts again from nothing but the tab's storage.
    cleanup();
    renderCheckout(server);
    await screen.findByRole('heading', { name: 'Add a new address' });
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Asha Rao');
    expect(screen.getByLabelText<HTMLInputElement>('Address line 1').value).toBe('4 Park Street');
    expect(screen.getByLabelText<HTMLSelectElement>('State or union territory').value).toBe('19');
    expect(screen.getByLabelText<HTMLInputElement>('PIN code').value).toBe('7000');

    fill('PIN code', '700016');
    fill('Mobile number', '9876543210');
    fill('City', 'Kolkata');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole<HTMLInputElement>('radio', { name: /4 Park Street/ })).toBeTruthy();
    expect(server.inputsOf('address.create')).toEqual([expect.objectContaining({ name: 'Asha Rao', line1: '4 Park Street', pin: '700016' })]);
    expect(window.sessionStorage.getItem('voltmart:draft:checkout-address:u1')).toBeNull();

    cleanup();
    renderCheckout(server);
    await screen.findByRole('button', { name: 'Add a new address' });
    expect(screen.queryByRole('heading', { name: 'Add a new address' })).toBeNull();
  });

  it('keeps the first address as it is typed too, for its own user only, and Cancel forgets a draft', async () => {
    renderCheckout(shop());
    await screen.findByRole('heading', { name: 'Add a delivery address' });
    fill('Full name', 'Ravi Kumar');
    cleanup();
    renderCheckout(shop());
    await screen.findByRole('heading', { name: 'Add a delivery address' });
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Ravi Kumar');
    cleanup();

    // Another account signed in on the tab sees none of it.
    renderCheckout(shop({ user: { ...shopper, _id: 'u2' } }));
    await screen.findByRole('heading', { name: 'Add a delivery address' });
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('');
    cleanup();

    // A draft that is not an address (edited by hand, an older form) is ignored.
    window.sessionStorage.setItem('voltmart:draft:checkout-address:u1', JSON.stringify({ name: 42 }));
    renderCheckout(shop({ addresses: [home] }));
    await screen.findByRole('button', { name: 'Add a new address' });
    cleanup();

    renderCheckout(shop({ addresses: [home] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add a new address' }));
    fill('City', 'Pune');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(window.sessionStorage.getItem('voltmart:draft:checkout-address:u1')).toBeNull();
  });

  it('edits nothing until asked, and deletes an address after a confirmation', async () => {
    const server = shop({ addresses: [home, office] });
    renderCheckout(server);
    await screen.findByRole('radio', { name: /Hitech City/ });
    fireEvent.click(screen.getByRole('button', { name: 'Delete the address of Ravi Kumar, Plot 7, Hitech City' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(server.inputsOf('address.remove')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete the address of Ravi Kumar, Plot 7, Hitech City' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Hitech City/ })).toBeNull());
    expect(server.inputsOf('address.remove')).toEqual([{ addressId: 'a-office' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Edit the address of Ravi Kumar, 12 MG Road' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Mobile number' }).value).toBe('9876543210');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'State or union territory' }).value).toBe('29');
  });
});

describe('Checkout: how to pay', () => {
  withToastHost();
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', window.location.pathname);
  });

  it('offers cash on delivery with its fee, asks for the delivery, places the order and goes to the success page', async () => {
    const server = shop({ addresses: [home], options: () => ({ cod: COD_ON }) });
    renderCheckout(server);
    await readyButton('Continue to payment');
    // The test checkout's page offers the delivery choices itself.
    expect(radio(TEST_CHECKOUT.label).checked).toBe(true);
    expect(screen.queryByRole('group', { name: 'Delivery' })).toBeNull();
    const cod = radio('Cash on delivery');
    expect(cod.disabled).toBe(false);
    expect(descriptionOf(cod)).toBe('+ ₹25.00 cash on delivery fee');
    expect(server.inputsOf('checkout.options').at(-1)).toEqual({ addressId: 'a-home' });

    fireEvent.click(cod);
    const delivery = screen.getByRole('group', { name: 'Delivery' });
    const standard = within(delivery).getByRole<HTMLInputElement>('radio', { name: /^Standard delivery\s*₹49\.00$/ });
    expect(standard.checked).toBe(true);
    expect(descriptionOf(standard)).toBe('3–5 days');
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByTestId('checkout-cod-fee').textContent).toBe('₹25.00');
    // ₹16,279 of items, ₹49 standard delivery, ₹25 fee.
    expect(within(summary).getByTestId('checkout-total').textContent).toBe('₹16,353.00');
    expect(screen.getByRole('button', { name: 'Place order (pay ₹16,353.00 on delivery)' })).toBeTruthy();
    expect(screen.getByText('You pay the courier in cash when the order arrives.')).toBeTruthy();

    fireEvent.click(within(delivery).getByRole('radio', { name: /^Express delivery/ }));
    expect(within(summary).getByTestId('checkout-delivery').textContent).toBe('₹99.00');
    expect(within(summary).getByTestId('checkout-total').textContent).toBe('₹16,403.00');
    fireEvent.click(screen.getByRole('button', { name: 'Place order (pay ₹16,403.00 on delivery)' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/success?order_id=o-cod null'));
    expect(server.inputsOf('checkout.placeCodOrder')).toEqual([{ addressId: 'a-home', shipping: 'express' }]);
    expect(server.inputsOf('checkout.start')).toEqual([]);
  });

  it('shows cash on delivery disabled with the reason for this address, and asks again for another address', async () => {
    const server = shop({
      addresses: [home, office],
      options: (input) =>
        input?.addressId === 'a-office'
          ? { cod: { ...COD_ON, available: false, reason: 'Cash on delivery is not available for PIN code 500081. Pay online for this one.' } }
          : { cod: COD_ON },
    });
    renderCheckout(server);
    await readyButton('Continue to payment');
    expect(radio('Cash on delivery').disabled).toBe(false);

    fireEvent.click(radio(/Hitech City/));
    await waitFor(() => expect(radio('Cash on delivery').disabled).toBe(true));
    expect(descriptionOf(radio('Cash on delivery'))).toBe('Cash on delivery is not available for PIN code 500081. Pay online for this one.');
    expect(server.inputsOf('checkout.options')).toEqual([{ addressId: 'a-home' }, { addressId: 'a-office' }]);
    expect(screen.queryByTestId('checkout-cod-fee')).toBeNull();
  });

  it('falls back to paying online when the chosen cash on delivery becomes unavailable', async () => {
    const server = shop({
      addresses: [home, office],
      options: (input) => ({ cod: input?.addressId === 'a-office' ? { ...COD_ON, available: false, reason: 'Not here.' } : COD_ON }),
    });
    renderCheckout(server);
    await readyButton('Continue to payment');
    fireEvent.click(radio('Cash on delivery'));
    await readyButton(/^Place order/);
    fireEvent.click(radio(/Hitech City/));
    await readyButton('Continue to payment');
    expect(radio(TEST_CHECKOUT.label).checked).toBe(true);
    expect(radio('Cash on delivery').checked).toBe(false);
  });

  it('hides cash on delivery when the shop does not offer it', async () => {
    renderCheckout(shop({ addresses: [home] }));
    await readyButton('Continue to payment');
    expect(screen.queryByRole('radio', { name: 'Cash on delivery' })).toBeNull();
    expect(radio(TEST_CHECKOUT.label).checked).toBe(true);
  });

  it('asks for the delivery for a provider whose page cannot, and says the amount on the button', async () => {
    const server = shop({ addresses: [home], options: () => ({ online: [RAZORPAY, STRIPE] }) });
    renderCheckout(server);
    // Razorpay first, as the server lists it: the page asks for the delivery and knows the total.
    const pay = await readyButton('Pay ₹16,328.00');
    expect(radio(RAZORPAY.label).checked).toBe(true);
    const delivery = screen.getByRole('group', { name: 'Delivery' });
    fireEvent.click(within(delivery).getByRole('radio', { name: /^Express delivery/ }));
    expect(pay.textContent).toBe('Pay ₹16,378.00');
    fireEvent.click(pay);
    await waitFor(() => expect(window.location.hash).toBe('#pay-cs_test_1'));
    expect(server.inputsOf('checkout.start')).toEqual([{ addressId: 'a-home', provider: 'razorpay', shipping: 'express' }]);
  });

  it("leaves the delivery to Stripe's page and sends no delivery with it", async () => {
    const server = shop({ addresses: [home], options: () => ({ online: [RAZORPAY, STRIPE] }) });
    renderCheckout(server);
    await readyButton(/^Pay ₹/);
    fireEvent.click(radio(STRIPE.label));
    expect(screen.queryByRole('group', { name: 'Delivery' })).toBeNull();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(summary.textContent).toContain('Express delivery (1–2 days, ₹99.00) can be chosen on the payment page.');
    fireEvent.click(await readyButton('Continue to payment'));
    await waitFor(() => expect(window.location.hash).toBe('#pay-cs_test_1'));
    expect(server.inputsOf('checkout.start')).toEqual([{ addressId: 'a-home', provider: 'stripe' }]);
  });

  it('shows the delivery date of each option for the chosen address, and only standard where express is not offered', async () => {
    const dated = (standard: string, express: string | null): Partial<CheckoutOptions> => ({
      cod: COD_ON,
      delivery: [
        { rate: 'standard', label: 'Standard delivery', amount: 4900, days: '3–5', by: standard },
        ...(express ? [{ rate: 'express' as const, label: 'Express delivery', amount: 9900, days: '1–2', by: express }] : []),
      ],
    });
    const server = shop({
      addresses: [home, office],
      options: (input) =>
        input?.addressId === 'a-office' ? dated('Delivery by Monday, 7 December', null) : dated('Delivery by Saturday, 5 December', 'Delivery by Friday, 4 December'),
    });
    renderCheckout(server);
    await readyButton('Continue to payment');
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    // The test checkout's page asks for the delivery: standard's date here, express's in the note.
    expect(within(summary).getByTestId('checkout-delivery-by').textContent).toBe('Delivery by Saturday, 5 December (standard delivery). Prices include GST.');
    expect(summary.textContent).toContain('Express delivery (by Friday, 4 December, ₹99.00) can be chosen on the payment page.');

    fireEvent.click(radio('Cash on delivery'));
    const delivery = screen.getByRole('group', { name: 'Delivery' });
    expect(descriptionOf(within(delivery).getByRole('radio', { name: /^Standard delivery/ }))).toBe('Delivery by Saturday, 5 December');
    const express = within(delivery).getByRole('radio', { name: /^Express delivery/ });
    expect(descriptionOf(express)).toBe('Delivery by Friday, 4 December');
    fireEvent.click(express);
    expect(within(summary).getByTestId('checkout-delivery-by').textContent).toBe('Delivery by Friday, 4 December (express delivery). Prices include GST.');

    // An address in a zone without express: standard only, and its own date.
    fireEvent.click(radio(/Hitech City/));
    await waitFor(() => expect(within(summary).getByTestId('checkout-delivery-by').textContent).toBe('Delivery by Monday, 7 December (standard delivery). Prices include GST.'));
    const only = screen.getByRole('group', { name: 'Delivery' });
    expect(
      within(only)
        .getAllByRole('radio')
        .map((r) => descriptionOf(r)),
    ).toEqual(['Delivery by Monday, 7 December']);
    expect(within(only).getByRole<HTMLInputElement>('radio', { name: /^Standard delivery/ }).checked).toBe(true);
    fireEvent.click(await readyButton(/^Place order/));
    await waitFor(() => expect(server.inputsOf('checkout.placeCodOrder')).toEqual([{ addressId: 'a-office', shipping: 'standard' }]));
  });

  it("shows the server's refusal of cash on delivery, in a toast and beside the button", async () => {
    const message =
      'You already have 2 cash on delivery orders on the way (the most this shop allows at once is 2). Pay online for this one, or wait for the earlier ones to arrive.';
    const server = shop({
      addresses: [home],
      options: () => ({ cod: COD_ON }),
      placeCodOrder: () => {
        throw new FakeServerError(409, 'COD_LIMIT', message);
      },
    });
    renderCheckout(server);
    await readyButton('Continue to payment');
    fireEvent.click(radio('Cash on delivery'));
    fireEvent.click(await readyButton(/^Place order/));
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect((await within(summary).findByRole('alert')).textContent).toBe(message);
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(screen.getByTestId('where').textContent).toBe('/checkout null');
    expect((await readyButton(/^Place order/)).textContent).toBe('Place order (pay ₹16,353.00 on delivery)');
  });

  it('still lets the shopper pay online when the ways to pay cannot be read', async () => {
    const server = shop({
      addresses: [home],
      options: () => {
        throw new FakeServerError(500, 'INTERNAL', 'Something went wrong on our side.');
      },
    });
    renderCheckout(server);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect((await within(payment).findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    fireEvent.click(await readyButton('Continue to payment'));
    await waitFor(() => expect(window.location.hash).toBe('#pay-cs_test_1'));
    expect(server.inputsOf('checkout.start')).toEqual([{ addressId: 'a-home' }]);
  });
});
