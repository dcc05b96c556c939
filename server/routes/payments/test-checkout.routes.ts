import express, { type Request, type Response, type Router } from 'express';
import { formatINR } from '../../../shared/money';
import { AppError } from '../../errors';
import { expireCheckoutSession, fulfilCheckoutSession } from '../../features/checkout/fulfilment.service';
import type { Deps } from '../../deps';
import { isShippingRateKey } from '../../payments/payment-provider';
import type { TestSession } from '../../payments/test-checkout.queries';
import { isTestProvider, type TestPaymentProvider } from '../../payments/test-provider';
import type { ShippingAddress, ShippingOption } from '../../payments/payment-provider';
import { INDIAN_STATES, stateByCode } from '../../../shared/gst';
import { PostalAddressSchema } from '../../../shared/schemas/settings';
import { textProblem } from '../../../shared/schemas/text';
import { formatShopTime } from '../../lib/shop-calendar';
import { loadSettings } from '../../settings/shop-settings';

/**
 * The built-in TEST MODE payment page, standing in for Stripe's hosted checkout when no Stripe
 * key is set. Server-rendered with no script at all (the shop's CSP allows none inline), styled
 * by a stylesheet route. Pay goes through the very fulfilment code the Stripe webhook uses.
 */
/** Mounted at TEST_CHECKOUT_PATH. */
export function createTestCheckoutRouter(deps: Deps): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '4kb' });

  router.get('/assets/style.css', (_req, res) => {
    res.type('text/css').set('Cache-Control', 'public, max-age=3600').send(STYLESHEET);
  });

  const provider = (res: Response): TestPaymentProvider | null => {
    if (isTestProvider(deps.payments)) return deps.payments;
    page(res, 404, 'Not available', '<p>This shop takes real card payments; the test checkout is switched off.</p>');
    return null;
  };

  router.get('/:sessionId', async (req: Request<{ sessionId: string }>, res, next) => {
    try {
      const payments = provider(res);
      if (!payments) return;
      const session = await payments.findSession(req.params.sessionId);
      if (!session) return page(res, 404, 'Payment page not found', '<p>This payment page does not exist.</p><p><a href="/cart">Back to the cart</a></p>');
      // Ask through the provider so a page past its time shows as expired.
      const state = await payments.retrieveSession(session.id);
      if (state.status === 'complete') {
        return page(res, 200, 'Already paid', `<p>This order is paid.</p><p><a href="${escape(successUrl(deps, session.id))}">See the confirmation</a></p>`);
      }
      if (state.status === 'expired') {
        return page(res, 410, 'Payment page expired', '<p>This payment page has expired or was cancelled, and nothing was charged.</p><p><a href="/cart">Back to the cart</a></p>');
      }
      page(res, 200, 'Pay for your order', checkoutBody(session, await payments.shippingOptionsOf(session), await timeZoneOf(deps)));
    } catch (error) {
      next(error);
    }
  });

  router.post('/:sessionId/pay', form, async (req: Request<{ sessionId: string }>, res, next) => {
    try {
      const payments = provider(res);
      if (!payments) return;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const rate: unknown = body.shipping;
      if (!isShippingRateKey(rate))
        return page(res, 400, 'Choose a delivery option', `<p>Choose a delivery option.</p><p><a href="/test-checkout/${escape(req.params.sessionId)}">Back</a></p>`);
      const session = await payments.findSession(req.params.sessionId);
      let address: ShippingAddress | null = null;
      if (session && session.status === 'open' && session.shippingAddress === null) {
        const typed = addressFromForm(body);
        if (!typed.ok) {
          return page(
            res,
            400,
            'Pay for your order',
            `<p class="error" role="alert">${escape(typed.message)}</p>${checkoutBody(session, await payments.shippingOptionsOf(session), await timeZoneOf(deps), body)}`,
          );
        }
        address = typed.address;
      }
      await payments.pay(req.params.sessionId, rate, address);
      // Exactly what a Stripe webhook triggers: re-read the session from the provider, fulfil.
      await fulfilCheckoutSession(deps, payments, req.params.sessionId);
      res.redirect(303, successUrl(deps, req.params.sessionId));
    } catch (error) {
      if (error instanceof AppError && (error.appCode === 'NOT_FOUND' || error.appCode === 'INVALID_TRANSITION')) {
        // An expired page releases its reservation now rather than at the next sweep.
        if (error.appCode === 'INVALID_TRANSITION') await fulfilCheckoutSession(deps, deps.payments, req.params.sessionId).catch(next);
        if (res.headersSent) return;
        const status = error.appCode === 'NOT_FOUND' ? 404 : 409;
        return page(res, status, 'Payment not possible', `<p>${escape(error.message)}</p><p><a href="/cart">Back to the cart</a></p>`);
      }
      next(error);
    }
  });

  router.post('/:sessionId/cancel', async (req: Request<{ sessionId: string }>, res, next) => {
    try {
      const payments = provider(res);
      if (!payments) return;
      const result = await expireCheckoutSession(deps, payments, req.params.sessionId);
      // Paid a moment earlier (another tab): that order stands.
      if (result.outcome === 'paid' || result.outcome === 'already_paid') return res.redirect(303, successUrl(deps, req.params.sessionId));
      res.redirect(303, `${deps.env.PUBLIC_URL}/cancel`);
    } catch (error) {
      if (error instanceof AppError && error.appCode === 'NOT_FOUND') {
        return page(res, 404, 'Payment page not found', '<p>This payment page does not exist.</p><p><a href="/cart">Back to the cart</a></p>');
      }
      next(error);
    }
  });

  return router;
}

/** The zone the page's expiry is written in: the shop's `timeZone` setting, as everywhere else. */
async function timeZoneOf(deps: Deps): Promise<string> {
  return (await loadSettings(deps.db, deps)).timeZone;
}

function successUrl(deps: Deps, sessionId: string): string {
  return `${deps.env.PUBLIC_URL}/success?session_id=${encodeURIComponent(sessionId)}`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The delivery address typed on the page (orders from the legacy checkout come without one). */
function addressFromForm(body: Record<string, unknown>): { ok: true; address: ShippingAddress } | { ok: false; message: string } {
  const text = (key: string) => (typeof body[key] === 'string' ? body[key] : '');
  const name = text('name').trim();
  if (name === '' || name.length > 100) return { ok: false, message: 'Enter the name of the person receiving the order (at most 100 characters).' };
  const nameProblem = textProblem(name, 'single');
  if (nameProblem) return { ok: false, message: `Check the name: name ${nameProblem}.` };
  const parsed = PostalAddressSchema.safeParse({ line1: text('line1'), line2: text('line2'), city: text('city'), stateCode: text('state'), pin: text('pin') });
  if (!parsed.success) return { ok: false, message: `Check the address: ${parsed.error.issues[0]?.message ?? 'it is not complete'}.` };
  const a = parsed.data;
  return {
    ok: true,
    address: { name, line1: a.line1, line2: a.line2 || null, city: a.city, state: stateByCode(a.stateCode)?.name ?? a.stateCode, postalCode: a.pin, country: 'IN' },
  };
}

function addressFields(typed: Record<string, unknown>): string {
  const value = (key: string) => escape(typeof typed[key] === 'string' ? typed[key] : '');
  const input = (key: string, label: string, attrs: string) => `<label class="field"><span>${label}</span><input name="${key}" value="${value(key)}" ${attrs}></label>`;
  const states = INDIAN_STATES.map((s) => `<option value="${s.code}"${typed.state === s.code ? ' selected' : ''}>${escape(s.name)}</option>`).join('');
  return `<fieldset><legend>Delivery address</legend>
${input('name', 'Full name', 'required maxlength="100" autocomplete="shipping name"')}
${input('line1', 'Address line 1', 'required maxlength="200" autocomplete="shipping address-line1"')}
${input('line2', 'Address line 2 (optional)', 'maxlength="200" autocomplete="shipping address-line2"')}
${input('city', 'City', 'required maxlength="100" autocomplete="shipping address-level2"')}
<label class="field"><span>State or union territory</span><select name="state" required autocomplete="shipping address-level1"><option value="">Choose…</option>${states}</select></label>
${input('pin', 'PIN code', 'required inputmode="numeric" pattern="[1-9][0-9]{5}" maxlength="6" autocomplete="shipping postal-code"')}
</fieldset>`;
}

function checkoutBody(session: TestSession, shippingOptions: ShippingOption[], timeZone: string, typed: Record<string, unknown> = {}): string {
  const { lines } = session;
  const subtotal = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  const id = escape(session.id);
  const rows = lines
    .map((line) => {
      const image = line.imageUrl ? `<img src="${escape(line.imageUrl)}" alt="" width="48" height="48">` : '<span class="noimg"></span>';
      return `<li>${image}<span class="name">${escape(line.name)}<small>${line.quantity} × ${escape(formatINR(line.unitAmount))}</small></span><span class="amount">${escape(formatINR(line.unitAmount * line.quantity))}</span></li>`;
    })
    .join('');
  const options = shippingOptions
    .map((option, i) => {
      const checked = option.rate === session.shippingRate || (session.shippingRate === null && i === 0) ? ' checked' : '';
      const fee = option.amount === 0 ? 'Free' : formatINR(option.amount);
      return `<label class="option"><input type="radio" name="shipping" value="${option.rate}"${checked} required><span>${escape(option.label)} (${escape(fee)})</span><span class="amount">Total ${escape(formatINR(subtotal + option.amount))}</span></label>`;
    })
    .join('');
  return `
<p class="note">No card is charged here: this shop runs without a payment provider key, so this page stands in for one.</p>
<ul class="lines">${rows}</ul>
<p class="subtotal"><span>Items</span><span class="amount">${escape(formatINR(subtotal))}</span></p>
<form method="post" action="/test-checkout/${id}/pay">
  ${session.shippingAddress ? `<p class="shipto"><strong>Delivering to</strong> ${escape([session.shippingAddress.name, session.shippingAddress.line1, session.shippingAddress.line2, session.shippingAddress.city, session.shippingAddress.state, session.shippingAddress.postalCode].filter(Boolean).join(', '))}</p>` : addressFields(typed)}
  <fieldset><legend>Delivery</legend>${options}</fieldset>
  <button type="submit" class="pay">Pay (test)</button>
</form>
<form method="post" action="/test-checkout/${id}/cancel">
  <button type="submit" class="cancel">Cancel</button>
</form>
<p class="expires">This page expires at ${escape(formatShopTime(session.expiresAt, timeZone))}.</p>`;
}

function page(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .type('html')
    .set('Cache-Control', 'no-store')
    // Under helmet's no-referrer policy Chromium sends `Origin: null` with form posts, which the
    // shop's CSRF check must refuse; same-origin keeps the real Origin on Pay and Cancel.
    .set('Referrer-Policy', 'same-origin').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>TEST MODE · ${escape(title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="/test-checkout/assets/style.css">
</head>
<body>
<main>
<p class="banner" role="note"><strong>TEST MODE</strong> · no real payment</p>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>`);
}

const STYLESHEET = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f5;color:#18181b}
main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.banner{margin:0 0 1rem;padding:.5rem .75rem;background:#fef3c7;border:2px dashed #b45309;color:#78350f;border-radius:.5rem;text-align:center;letter-spacing:.04em}
h1{font-size:1.4rem;margin:.25rem 0 1rem}
.note{color:#52525b;font-size:.9rem}
.lines{list-style:none;margin:0;padding:0;border-top:1px solid #e4e4e7}
.lines li{display:flex;align-items:center;gap:.75rem;padding:.6rem 0;border-bottom:1px solid #e4e4e7}
.lines img,.noimg{width:48px;height:48px;object-fit:contain;background:#f4f4f5;border-radius:.375rem;flex:none}
.name{flex:1;display:flex;flex-direction:column}
.name small{color:#52525b}
.amount{font-variant-numeric:tabular-nums;white-space:nowrap;margin-left:auto}
.subtotal{display:flex;font-weight:600}
fieldset{border:1px solid #d4d4d8;border-radius:.5rem;margin:1rem 0;padding:.5rem .75rem}
legend{font-weight:600;padding:0 .25rem}
.option{display:flex;gap:.5rem;align-items:center;padding:.35rem 0;cursor:pointer}
button{font:inherit;border:0;border-radius:.5rem;padding:.7rem 1rem;width:100%;cursor:pointer}
.pay{background:#dc2626;color:#fff;font-weight:600}
.pay:hover,.pay:focus-visible{background:#b91c1c}
.cancel{margin-top:.5rem;background:#e4e4e7;color:#18181b}
.cancel:hover,.cancel:focus-visible{background:#d4d4d8}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.expires{color:#52525b;font-size:.85rem;text-align:center}
.field{display:flex;flex-direction:column;gap:.15rem;margin:.4rem 0;font-size:.9rem}
.field input,.field select{font:inherit;padding:.45rem .6rem;border:1px solid #a1a1aa;border-radius:.375rem;background:#fff}
.error{background:#fee2e2;color:#991b1b;padding:.5rem .75rem;border-radius:.5rem}
.shipto{font-size:.9rem}
a{color:#1d4ed8}
`;
