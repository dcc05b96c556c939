import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DISPATCH_SETTINGS, DEFAULT_ZONE_DAYS, type AdminSettings, type ShopSettings } from '../../../../shared/schemas/settings';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { NOT_SET_UP_MESSAGE, REQUIRE_ADMIN_TWO_FACTOR_HINT, SETTINGS_SAVED_MESSAGE, TIME_ZONE_HINT } from '../../../features/admin/components/shop-settings-page';
import { Component as SettingsPage } from './settings';

const VALID_GSTIN = '29ABCDE1234F1ZW';

/** A shop whose owner has saved nothing: the server's defaults, no seller yet; Stripe's and Razorpay's keys set unless told. */
function defaults(onlineProviders: AdminSettings['onlineProviders'] = ['stripe', 'razorpay']): AdminSettings {
  return {
    seller: null,
    invoicePrefix: 'INV',
    orderPrefix: 'VM',
    grievanceOfficer: null,
    policies: { returns: 'Returns within 7 days.', shipping: 'Ships in a day.' },
    shipping: { standardPaise: 0, expressPaise: 9900, freeAbovePaise: null, standardDays: '3–5', expressDays: '1–2', serviceablePins: [] },
    tax: { shippingSac: '996812', shippingRateBp: 1800, b2cHsnDigits: 4 },
    security: { requireAdminTwoFactor: false },
    timeZone: 'Asia/Kolkata',
    payments: { online: 'both', cod: { enabled: false, maxOrderPaise: 5_000_000, feePaise: 0, pins: [], maxOpenOrders: 2 } },
    fulfilment: {
      ewayBillThresholdPaise: 5_000_000,
      parcel: { weightGrams: 500, lengthCm: 20, breadthCm: 15, heightCm: 10 },
      courier: 'manual',
      manual: { courierName: '', trackingUrl: '' },
      shiprocket: { email: '', password: '', pickupLocation: '', webhookToken: '' },
    },
    dispatch: DEFAULT_DISPATCH_SETTINGS,
    zoneDays: DEFAULT_ZONE_DAYS,
    stockAlerts: { enabled: true, defaultLevel: 5, sendAt: '09:00' },
    offers: { plans: [], bankOffers: [] },
    returnPolicy: { windowDays: 10, resolutions: 'refund-or-replacement', reasons: ['defective', 'damaged-in-transit', 'wrong-item', 'not-as-described'], photosRequired: true },
    updatedAt: null,
    onlineProviders,
    courierWebhookUrl: 'https://shop.example.in/api/courier/tracking',
  };
}

function renderPage(
  update: (input: unknown) => unknown = (input) => ({ ...defaults(), ...(input as ShopSettings), updatedAt: '2026-11-27T06:30:00.000Z' }),
  onlineProviders?: AdminSettings['onlineProviders'],
) {
  let current = defaults(onlineProviders);
  const server = fakeServer({
    'settings.get': () => current,
    'settings.update': (input) => {
      current = update(input) as AdminSettings;
      return current;
    },
    // What shoppers see of the settings: here only the zone every page formats times in.
    'settings.storefront': () => ({ timeZone: current.timeZone }),
  });
  render(renderableApp({ routes: [{ path: '/admit-panel/settings', element: <SettingsPage /> }], initialEntries: ['/admit-panel/settings'], fetch: server.fetch, toasts: true }));
  return server;
}

const field = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
/** The message an input points at with aria-describedby (its error comes last). */
const messagesOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

function fillSeller(gstin: string) {
  type('Legal name', 'Voltmart Retail Private Limited');
  type('Trade name', 'Voltmart');
  type('GSTIN', gstin);
  type('Registered address: line 1', '12 MG Road');
  type('City', 'Bengaluru');
  fireEvent.change(screen.getByLabelText('State'), { target: { value: '29' } });
  type('PIN code', '560001');
  type('Contact email', 'Accounts@Voltmart.in');
  type('Contact phone', '98450 12345');
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

describe('Settings page', () => {
  withToastHost();
  afterEach(cleanup);

  it('says invoices wait for the seller while none is saved, and that nothing was saved yet', async () => {
    renderPage();
    expect((await screen.findByTestId('not-set-up')).textContent).toContain(NOT_SET_UP_MESSAGE);
    expect(screen.getByTestId('last-saved').textContent).toBe('Never saved: these are the defaults');
    expect(field('Standard delivery fee (₹)').value).toBe('0');
    expect(field('Express delivery fee (₹)').value).toBe('99');
    expect(screen.getByTestId('invoice-preview').textContent).toMatch(/^INV\/\d{4}\/00001$/);
  });

  it('checks the GSTIN as it is typed, and refuses to save a bad one, with its message beside the field', async () => {
    const server = renderPage();
    await screen.findByTestId('not-set-up');
    fillSeller('29ABCDE1234F1Z');
    expect(screen.getByTestId('gstin-check').textContent).toBe('A GSTIN has 15 characters; this one has 14.');
    type('GSTIN', '29ABCDE1234F1ZX');
    expect(screen.getByTestId('gstin-check').textContent).toContain('last character does not match');

    save();
    await waitFor(() => expect(field('GSTIN').getAttribute('aria-invalid')).toBe('true'));
    expect(messagesOf(field('GSTIN'))).toContain('GSTIN: This GSTIN’s last character does not match the others: check it for a typing mistake.');
    expect(document.activeElement).toBe(field('GSTIN'));
    expect(server.inputsOf('settings.update')).toEqual([]);

    // Fixing it clears the message, and the live check agrees.
    type('GSTIN', VALID_GSTIN);
    expect(field('GSTIN').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('gstin-check').textContent).toBe('Valid GSTIN: Karnataka (29), PAN ABCDE1234F.');
  });

  it('shows each problem beside its own field, by path', async () => {
    const server = renderPage();
    await screen.findByTestId('not-set-up');
    type('Legal name', 'Voltmart Retail Private Limited');
    type('Express delivery fee (₹)', '99.999');
    type(/^Serviceable PIN codes/, '560001\n0123');
    type('Invoice number prefix', 'IN-V');
    save();
    await waitFor(() => expect(field('Trade name').getAttribute('aria-invalid')).toBe('true'));
    expect(messagesOf(field('Trade name'))).toContain('trade name is required');
    expect(messagesOf(field('PIN code'))).toContain('PIN code must be 6 digits (e.g. 560001)');
    expect(messagesOf(field('Express delivery fee (₹)'))).toContain('express delivery fee must have at most 2 decimals');
    expect(messagesOf(field(/^Serviceable PIN codes/))).toContain('0123: each serviceable PIN must be a 6-digit PIN code or its first 1 to 5 digits');
    expect(messagesOf(field('Invoice number prefix'))).toContain('invoice prefix must be 1 to 4 letters or digits');
    // The grievance officer was left empty: not set up, not an error.
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
    expect(server.inputsOf('settings.update')).toEqual([]);
  });

  it('saves the whole form in paise, then shows what was saved and when', async () => {
    const server = renderPage();
    await screen.findByTestId('not-set-up');
    fillSeller(VALID_GSTIN.toLowerCase());
    type('Standard delivery fee (₹)', '49');
    type('Express delivery fee (₹)', '149.50');
    type(/^Free standard delivery from/, '999');
    type(/^Serviceable PIN codes/, '560001, 56\n400');
    expect(screen.getByTestId('pin-count').textContent).toBe('Now: 3 entries.');
    fireEvent.click(screen.getByLabelText('6 digits'));
    fireEvent.change(screen.getByLabelText('Delivery charge GST rate'), { target: { value: '500' } });
    type(/^Courier/, 'Delhivery');
    type(/^Tracking link/, 'https://www.delhivery.com/track/package/{awb}');
    type(/^E-way bill above/, '50000.00');
    type('Weight (g)', '750');
    save();

    expect(await screen.findByText(SETTINGS_SAVED_MESSAGE)).toBeTruthy();
    expect(server.inputsOf('settings.update')).toEqual([
      {
        seller: {
          legalName: 'Voltmart Retail Private Limited',
          tradeName: 'Voltmart',
          gstin: VALID_GSTIN,
          address: { line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001' },
          email: 'accounts@voltmart.in',
          phone: '+919845012345',
        },
        invoicePrefix: 'INV',
        orderPrefix: 'VM',
        grievanceOfficer: null,
        policies: { returns: 'Returns within 7 days.', shipping: 'Ships in a day.' },
        shipping: { standardPaise: 4900, expressPaise: 14950, freeAbovePaise: 99900, standardDays: '3–5', expressDays: '1–2', serviceablePins: ['560001', '56', '400'] },
        tax: { shippingSac: '996812', shippingRateBp: 500, b2cHsnDigits: 6 },
        security: { requireAdminTwoFactor: false },
        timeZone: 'Asia/Kolkata',
        payments: { online: 'both', cod: { enabled: false, maxOrderPaise: 5_000_000, feePaise: 0, pins: [], maxOpenOrders: 2 } },
        fulfilment: {
          ewayBillThresholdPaise: 5_000_000,
          parcel: { weightGrams: 750, lengthCm: 20, breadthCm: 15, heightCm: 10 },
          courier: 'manual',
          manual: { courierName: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{awb}' },
          shiprocket: { email: '', password: '', pickupLocation: '', webhookToken: '' },
        },
        dispatch: DEFAULT_DISPATCH_SETTINGS,
        zoneDays: DEFAULT_ZONE_DAYS,
        stockAlerts: { enabled: true, defaultLevel: 5, sendAt: '09:00' },
        // Not on this form (the Offers page edits them): the schema's default, which the server ignores.
        offers: { plans: [], bankOffers: [] },
        returnPolicy: {
          windowDays: 10,
          resolutions: 'refund-or-replacement',
          reasons: ['defective', 'damaged-in-transit', 'wrong-item', 'not-as-described'],
          photosRequired: true,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByTestId('not-set-up')).toBeNull());
    expect(screen.getByTestId('last-saved').textContent).toBe('Last saved 27 Nov 2026, 12:00 pm IST');
    // The form now holds what the server saved (normalised).
    expect(field('Contact phone').value).toBe('+919845012345');
    expect(field('GSTIN').value).toBe(VALID_GSTIN);
  });

  it('sets the dispatch cut-off, working days, holidays, dispatch PIN and days by zone, and saves them', async () => {
    const server = renderPage();
    await screen.findByTestId('not-set-up');
    const cutoff = field('Dispatch cut-off time');
    expect(cutoff.type).toBe('time');
    expect(cutoff.value).toBe('14:00');
    expect(messagesOf(cutoff)).toEqual(['Orders placed before this on a working day (IST) leave the same day; later ones the next working day.']);
    const day = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
    expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((name) => day(name).checked)).toEqual([true, true, true, true, true, true, false]);
    expect(field('Standard delivery days: Same city').value).toBe('2');
    expect(field('Express delivery days: North-east and islands').value).toBe('6');
    expect(field(/^Dispatch from PIN code/).value).toBe('');

    type('Dispatch cut-off time', '16:30');
    fireEvent.click(day('Sat'));
    fireEvent.click(day('Sun'));
    type(/^Holidays/, '2026-12-25\n2027-01-26');
    expect(screen.getByTestId('holiday-count').textContent).toBe('Now: 2 dates.');
    type(/^Dispatch from PIN code/, '560034');
    type('Standard delivery days: North-east and islands', '10');
    type('Express delivery days: North-east and islands', '');
    save();

    expect(await screen.findByText(SETTINGS_SAVED_MESSAGE)).toBeTruthy();
    expect(server.inputsOf('settings.update')).toEqual([
      expect.objectContaining({
        dispatch: { cutoff: '16:30', workingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sun'], holidays: ['2026-12-25', '2027-01-26'], fromPin: '560034' },
        zoneDays: {
          standard: { ...DEFAULT_ZONE_DAYS.standard, northEast: 10 },
          express: { ...DEFAULT_ZONE_DAYS.express, northEast: null },
        },
      }),
    ]);
    // Saved: express there shows as not offered (empty).
    expect(field('Express delivery days: North-east and islands').value).toBe('');
  });

  it('shows a bad holiday, no working day and express slower than standard beside their fields, sending nothing', async () => {
    const server = renderPage();
    await screen.findByTestId('not-set-up');
    for (const name of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) fireEvent.click(screen.getByRole('checkbox', { name }));
    type(/^Holidays/, '2026-12-25\n31/12/2026');
    save();
    await waitFor(() => expect(field(/^Holidays/).getAttribute('aria-invalid')).toBe('true'));
    expect(messagesOf(field(/^Holidays/))).toContain('31/12/2026: each holiday must be a date written YYYY-MM-DD, e.g. 2026-10-20');
    expect(screen.getByText('choose at least one working day')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Mon' }).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mon' }));
    type(/^Holidays/, '');
    type('Express delivery days: Metro cities', '7');
    save();
    await waitFor(() => expect(field('Express delivery days: Metro cities').getAttribute('aria-invalid')).toBe('true'));
    expect(messagesOf(field('Express delivery days: Metro cities'))).toContain('express delivery days (metro) must not be more than standard’s (4)');
    expect(server.inputsOf('settings.update')).toEqual([]);
  });

  it('previews the order numbers a prefix makes, and saves it in capitals', async () => {
    const server = renderPage();
    await screen.findByTestId('not-set-up');
    expect(field('Order number prefix').value).toBe('VM');
    expect(screen.getByTestId('order-number-preview').textContent).toMatch(/^VM-20\d\d-000123$/);
    fillSeller(VALID_GSTIN);
    type('Order number prefix', 'ab1');
    expect(screen.getByTestId('order-number-preview').textContent).toMatch(/^AB1-20\d\d-000123$/);
    save();
    expect(await screen.findByText(SETTINGS_SAVED_MESSAGE)).toBeTruthy();
    expect(server.inputsOf('settings.update')).toEqual([expect.objectContaining({ orderPrefix: 'AB1', invoicePrefix: 'INV' })]);
  });

  it("shows the server's field errors beside their fields", async () => {
    renderPage(() => {
      throw new FakeServerError(400, 'BAD_INPUT', 'grievanceOfficer.email: email must be a valid email address', {
        'grievanceOfficer.email': 'email must be a valid email address',
      });
    });
    await screen.findByTestId('not-set-up');
    type('Name', 'Asha Rao');
    type('Email', 'asha@voltmart.in');
    type('Phone', '9845012345');
    save();
    await waitFor(() => expect(field('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(messagesOf(field('Email'))).toContain('email must be a valid email address');
    expect(screen.getByText('1 field needs attention: see the messages in red.')).toBeTruthy();
  });

  it('sends “Require two-factor sign-in for admins” when ticked, and shows it saved', async () => {
    const server = renderPage();
    await screen.findByTestId('not-set-up');
    const checkbox = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Require two-factor sign-in for admins' });
    expect(checkbox.checked).toBe(false);
    expect(messagesOf(checkbox)).toEqual([expect.stringContaining(REQUIRE_ADMIN_TWO_FACTOR_HINT)]);
    fireEvent.click(checkbox);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    save();

    expect(await screen.findByText(SETTINGS_SAVED_MESSAGE)).toBeTruthy();
    expect(server.inputsOf('settings.update')).toEqual([expect.objectContaining({ security: { requireAdminTwoFactor: true } })]);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Require two-factor sign-in for admins' }).checked).toBe(true);
  });

  it('saves the chosen time zone, and the page shows its times on that clock', async () => {
    const server = renderPage();
    await screen.findByTestId('not-set-up');
    const select = screen.getByLabelText<HTMLSelectElement>('Show dates and times in');
    expect(select.value).toBe('Asia/Kolkata');
    expect(select.options[0]?.textContent).toBe('India Standard Time (Asia/Kolkata)');
    expect(messagesOf(select)).toEqual([TIME_ZONE_HINT]);
    fireEvent.change(select, { target: { value: 'Asia/Dubai' } });
    save();

    expect(await screen.findByText(SETTINGS_SAVED_MESSAGE)).toBeTruthy();
    expect(server.inputsOf('settings.update')).toEqual([expect.objectContaining({ timeZone: 'Asia/Dubai' })]);
    // Saved at 06:30 UTC: 12:00 pm in India, 10:30 am in Dubai (Gulf Standard Time).
    await waitFor(() => expect(screen.getByTestId('last-saved').textContent).toBe('Last saved 27 Nov 2026, 10:30 am GST'));
    expect(screen.getByLabelText<HTMLSelectElement>('Show dates and times in').value).toBe('Asia/Dubai');
  });

  it("shows the server's refusal of a time zone beside its select", async () => {
    renderPage(() => {
      throw new FakeServerError(400, 'BAD_INPUT', 'timeZone: time zone must be an IANA time zone name such as Asia/Kolkata', {
        timeZone: 'time zone must be an IANA time zone name such as Asia/Kolkata',
      });
    });
    await screen.findByTestId('not-set-up');
    fireEvent.change(screen.getByLabelText('Show dates and times in'), { target: { value: 'America/Los_Angeles' } });
    save();
    const select = screen.getByLabelText('Show dates and times in');
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    expect(messagesOf(select)).toContain('time zone must be an IANA time zone name such as Asia/Kolkata');
  });

  it('shows why the server refused the two-factor rule beside the checkbox', async () => {
    const refusal = 'turn on two-factor sign-in for your own account first';
    renderPage(() => {
      throw new FakeServerError(400, 'BAD_INPUT', `security.requireAdminTwoFactor: ${refusal}`, { 'security.requireAdminTwoFactor': refusal });
    });
    await screen.findByTestId('not-set-up');
    const checkbox = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Require two-factor sign-in for admins' });
    fireEvent.click(checkbox());
    save();

    await waitFor(() => expect(checkbox().getAttribute('aria-invalid')).toBe('true'));
    expect(messagesOf(checkbox())).toContain(refusal);
    expect(document.activeElement).toBe(checkbox());
    expect(screen.getByRole('link', { name: 'two-factor sign-in page' }).getAttribute('href')).toBe('/account/two-factor');
    // Unticking it answers the message.
    fireEvent.click(checkbox());
    expect(checkbox().getAttribute('aria-invalid')).toBeNull();
  });

  describe('Payments', () => {
    const payments = () => screen.getByRole('region', { name: 'Payments' });

    it('saves the provider the Payment button uses and cash on delivery in paise, then shows what was saved', async () => {
      const server = renderPage();
      await screen.findByTestId('not-set-up');
      const section = payments();
      expect(within(section).getByRole<HTMLInputElement>('radio', { name: 'Offer both: the shopper picks' }).checked).toBe(true);
      const cod = within(section).getByRole<HTMLInputElement>('checkbox', { name: 'Offer cash on delivery' });
      expect(cod.checked).toBe(false);
      expect(field('Maximum order value (₹)').value).toBe('50000');
      expect(field('Cash on delivery fee (₹)').value).toBe('0');
      expect(field('Open cash on delivery orders per shopper').value).toBe('2');
      expect(within(section).getByTestId('cod-pin-count').textContent).toBe('Now: wherever you deliver.');

      fireEvent.click(within(section).getByRole('radio', { name: 'Razorpay' }));
      fireEvent.click(cod);
      type('Maximum order value (₹)', '20000');
      type('Cash on delivery fee (₹)', '49.50');
      type(/^Cash on delivery PIN codes/, '560001\n5600, 400');
      type('Open cash on delivery orders per shopper', '3');
      expect(within(section).getByTestId('cod-pin-count').textContent).toBe('Now: 3 entries.');
      save();

      expect(await screen.findByText(SETTINGS_SAVED_MESSAGE)).toBeTruthy();
      expect(server.inputsOf('settings.update')).toEqual([
        expect.objectContaining({
          payments: { online: 'razorpay', cod: { enabled: true, maxOrderPaise: 2_000_000, feePaise: 4950, pins: ['560001', '5600', '400'], maxOpenOrders: 3 } },
        }),
      ]);
      // The form now holds what the server saved, in rupees.
      expect(field('Cash on delivery fee (₹)').value).toBe('49.5');
      expect(field(/^Cash on delivery PIN codes/).value).toBe('560001\n5600\n400');
      expect(within(payments()).getByRole<HTMLInputElement>('radio', { name: 'Razorpay' }).checked).toBe(true);
      expect(within(payments()).getByRole<HTMLInputElement>('checkbox', { name: 'Offer cash on delivery' }).checked).toBe(true);
    });

    it('names the one provider set up instead of offering a choice, and keeps the saved choice', async () => {
      const server = renderPage(undefined, ['razorpay']);
      await screen.findByTestId('not-set-up');
      expect(within(payments()).queryByRole('radio')).toBeNull();
      expect(within(payments()).getByTestId('online-provider').textContent).toBe('Online payments go through Razorpay (its keys are set on the server).');
      save();
      expect(await screen.findByText(SETTINGS_SAVED_MESSAGE)).toBeTruthy();
      expect(server.inputsOf('settings.update')).toEqual([expect.objectContaining({ payments: expect.objectContaining({ online: 'both' }) })]);
      cleanup();

      renderPage(undefined, ['test']);
      expect((await screen.findByTestId('online-provider')).textContent).toContain('built-in test checkout: no money moves');
    });

    it('checks the cash on delivery fields before sending, and shows the server’s field errors beside them', async () => {
      const server = renderPage(() => {
        throw new FakeServerError(400, 'BAD_INPUT', 'payments.cod.feePaise: cash on delivery fee is too high', { 'payments.cod.feePaise': 'cash on delivery fee is too high' });
      });
      await screen.findByTestId('not-set-up');
      type('Open cash on delivery orders per shopper', '0');
      type(/^Cash on delivery PIN codes/, '56A');
      save();
      await waitFor(() => expect(field('Open cash on delivery orders per shopper').getAttribute('aria-invalid')).toBe('true'));
      expect(messagesOf(field('Open cash on delivery orders per shopper'))).toContain('open cash orders per shopper must be at least 1');
      expect(messagesOf(field(/^Cash on delivery PIN codes/))).toContain('56A: each cash on delivery PIN must be a 6-digit PIN code or its first 1 to 5 digits');
      expect(server.inputsOf('settings.update')).toEqual([]);

      type('Open cash on delivery orders per shopper', '2');
      type(/^Cash on delivery PIN codes/, '');
      type('Cash on delivery fee (₹)', '99999');
      save();
      const fee = field('Cash on delivery fee (₹)');
      await waitFor(() => expect(fee.getAttribute('aria-invalid')).toBe('true'));
      expect(messagesOf(fee)).toContain('cash on delivery fee is too high');
      expect(screen.getByText('1 field needs attention: see the messages in red.')).toBeTruthy();
    });
  });

  describe('Couriers', () => {
    const section = () => screen.getByRole('region', { name: 'Packing and shipping' });
    /** What the server answers a save with: the secrets masked ('••••' and the last 4), as settings.service does. */
    const masking = (input: unknown) => {
      const sent = input as ShopSettings;
      const mask = (secret: string) => (secret === '' ? '' : `••••${secret.slice(-4)}`);
      const { shiprocket } = sent.fulfilment;
      return {
        ...defaults(),
        ...sent,
        fulfilment: { ...sent.fulfilment, shiprocket: { ...shiprocket, password: mask(shiprocket.password), webhookToken: mask(shiprocket.webhookToken) } },
        updatedAt: '2026-11-27T06:30:00.000Z',
      };
    };

    it('asks Shiprocket’s API user, pickup location and webhook token once it is chosen, each missing one beside its box, and shows the webhook URL', async () => {
      const server = renderPage(masking);
      await screen.findByTestId('not-set-up');
      const own = within(section()).getByRole<HTMLInputElement>('radio', { name: 'Your own courier (type the AWB)' });
      expect(own.checked).toBe(true);
      expect(within(section()).queryByLabelText('API user email')).toBeNull();

      fireEvent.click(within(section()).getByRole('radio', { name: 'Shiprocket' }));
      const box = within(await screen.findByTestId('shiprocket-settings'));
      const password = box.getByLabelText<HTMLInputElement>('API user password');
      expect(password.type).toBe('password');
      expect(password.autocomplete).toBe('new-password');
      expect(box.getByTestId('courier-webhook-url').textContent).toBe('https://shop.example.in/api/courier/tracking');
      expect(messagesOf(box.getByLabelText(/^Webhook token/))[0]).toContain(
        'Shiprocket → Settings → API → Webhooks, with the webhook URL https://shop.example.in/api/courier/tracking',
      );
      expect(messagesOf(box.getByLabelText('Pickup location name'))[0]).toContain('Shiprocket → Settings → Pickup addresses');

      save();
      await waitFor(() => expect(box.getByLabelText('API user email').getAttribute('aria-invalid')).toBe('true'));
      expect(messagesOf(box.getByLabelText('API user email'))).toContain('Shiprocket needs its API user’s email');
      expect(messagesOf(password)).toContain('Shiprocket needs its API user’s password');
      expect(messagesOf(box.getByLabelText('Pickup location name'))).toContain('Shiprocket needs your pickup location’s name, as in its panel');
      expect(box.getByLabelText(/^Webhook token/).getAttribute('aria-invalid')).toBeNull();
      expect(document.activeElement).toBe(box.getByLabelText('API user email'));
      expect(server.inputsOf('settings.update')).toEqual([]);

      type('API user email', 'api-user@voltmart.in');
      type('API user password', 'Sr-api-pass-2026');
      type('Pickup location name', 'Primary');
      type(/^Webhook token/, 'b9c0f1e2d3a4b5c6d7e8');
      save();
      expect(await screen.findByText(SETTINGS_SAVED_MESSAGE)).toBeTruthy();
      expect((server.inputsOf('settings.update')[0] as ShopSettings).fulfilment).toMatchObject({
        courier: 'shiprocket',
        shiprocket: { email: 'api-user@voltmart.in', password: 'Sr-api-pass-2026', pickupLocation: 'Primary', webhookToken: 'b9c0f1e2d3a4b5c6d7e8' },
      });

      // What comes back is masked; the password box keeps the mask and says how to keep it.
      await waitFor(() => expect(field('API user password').value).toBe('••••2026'));
      expect(messagesOf(field('API user password'))).toEqual(['Leave as is to keep the saved password.']);
      expect(field(/^Webhook token/).value).toBe('••••d7e8');
      // Saved again untouched: the masks go back as they are (the server keeps the stored secrets).
      save();
      await waitFor(() => expect(server.inputsOf('settings.update')).toHaveLength(2));
      expect((server.inputsOf('settings.update')[1] as ShopSettings).fulfilment.shiprocket).toEqual({
        email: 'api-user@voltmart.in',
        password: '••••2026',
        pickupLocation: 'Primary',
        webhookToken: '••••d7e8',
      });
    });

    it('going back to your own courier hides Shiprocket’s boxes and saves the manual courier', async () => {
      const server = renderPage(masking);
      await screen.findByTestId('not-set-up');
      fireEvent.click(within(section()).getByRole('radio', { name: 'Shiprocket' }));
      await screen.findByTestId('shiprocket-settings');
      fireEvent.click(within(section()).getByRole('radio', { name: 'Your own courier (type the AWB)' }));
      expect(screen.queryByTestId('shiprocket-settings')).toBeNull();
      save();
      expect(await screen.findByText(SETTINGS_SAVED_MESSAGE)).toBeTruthy();
      expect((server.inputsOf('settings.update')[0] as ShopSettings).fulfilment.courier).toBe('manual');
    });
  });

  describe('Stock alerts', () => {
    it('saves the low-stock mail’s switch, default level and time, and shows them saved', async () => {
      const server = renderPage();
      await screen.findByTestId('not-set-up');
      const alerts = within(screen.getByRole('region', { name: 'Stock alerts' }));
      const enabled = alerts.getByRole<HTMLInputElement>('checkbox', { name: 'Email the admins about low stock' });
      expect(enabled.checked).toBe(true);
      expect(field('Default low-stock level (units)').value).toBe('5');
      expect(field('Send the email at').value).toBe('09:00');
      expect(alerts.getByText(/On the shop’s clock \(Asia\/Kolkata\)/)).toBeTruthy();
      fireEvent.click(enabled);
      type('Default low-stock level (units)', '3');
      type('Send the email at', '18:30');
      save();
      expect(await screen.findByText(SETTINGS_SAVED_MESSAGE)).toBeTruthy();
      expect(server.inputsOf('settings.update').map((input) => (input as ShopSettings).stockAlerts)).toEqual([{ enabled: false, defaultLevel: 3, sendAt: '18:30' }]);
      expect(field('Default low-stock level (units)').value).toBe('3');
      expect(enabled.checked).toBe(false);
    });

    it('refuses a negative or missing level beside its field, and shows the server’s refusal of the time beside its input', async () => {
      const server = renderPage(() => {
        throw new FakeServerError(400, 'BAD_INPUT', 'stockAlerts.sendAt: stock alert time must be a time like 09:00 (24-hour clock)', {
          'stockAlerts.sendAt': 'stock alert time must be a time like 09:00 (24-hour clock)',
        });
      });
      await screen.findByTestId('not-set-up');
      type('Default low-stock level (units)', '-2');
      save();
      const level = field('Default low-stock level (units)');
      await waitFor(() => expect(level.getAttribute('aria-invalid')).toBe('true'));
      expect(messagesOf(level)).toContain('default low-stock level must be 0 or more');
      type('Default low-stock level (units)', '');
      save();
      await waitFor(() => expect(messagesOf(field('Default low-stock level (units)'))).toContain('default low-stock level is required'));
      expect(server.inputsOf('settings.update')).toEqual([]);

      type('Default low-stock level (units)', '0');
      save();
      const time = field('Send the email at');
      await waitFor(() => expect(time.getAttribute('aria-invalid')).toBe('true'));
      expect(messagesOf(time)).toContain('stock alert time must be a time like 09:00 (24-hour clock)');
      expect(server.inputsOf('settings.update')).toHaveLength(1);
    });
  });

  it('leaves each category’s HSN code and rate to the Categories page, and links there', async () => {
    renderPage();
    const link = await screen.findByRole('link', { name: 'Categories' });
    expect(link.getAttribute('href')).toBe('/admit-panel/categories');
    expect(screen.queryByText('GST by category')).toBeNull();
  });
});
