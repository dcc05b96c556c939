import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedAddress, StorefrontInfo } from '../../../shared/schemas/settings';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../lib/test-providers';
import { Component as Checkout } from './checkout';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>;
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

function shop(opts: { user?: typeof shopper | null; addresses?: SavedAddress[]; lines?: unknown[]; start?: (input: any) => unknown } = {}) {
  let addresses = [...(opts.addresses ?? [])];
  return fakeServer({
    'account.me': () => (opts.user === undefined ? shopper : opts.user),
    'cart.list': () => opts.lines ?? cartLines,
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
      ],
      initialEntries: ['/checkout'],
      fetch: server.fetch,
      toasts: true,
    }),
  );
}

const fill = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const continueButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Continue to payment|Opening payment/ });

describe('Checkout: the delivery address step', () => {
  withToastHost();
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', window.location.pathname);
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

    fireEvent.click(continueButton());
    await waitFor(() => expect(window.location.hash).toBe('#pay-cs_test_1'));
    expect(server.inputsOf('checkout.start')).toEqual([{ addressId: 'a-new' }]);
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
    fireEvent.click(continueButton());
    await waitFor(() => expect(continueButton().textContent).toBe('Opening payment…'));
    expect(continueButton().disabled).toBe(true);
    release();

    const message = 'Sorry, we do not deliver to PIN code 500081 yet. Choose another address.';
    const alert = await within(second.closest('li')!).findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(second.getAttribute('aria-describedby')).toBe(alert.id);
    // And as a toast.
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(server.inputsOf('checkout.start')).toEqual([{ addressId: 'a-office' }]);
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
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    const alert = await within(summary).findByRole('alert');
    expect(alert.textContent).toContain('Only 1 of Sony WF-C700N left in stock');
    expect(within(alert).getByRole('link', { name: 'Go to the cart' }).getAttribute('href')).toBe('/cart');
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
