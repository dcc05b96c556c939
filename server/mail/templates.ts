import { formatINR } from '../../shared/money';
import { formatShopTime } from '../lib/shop-calendar';

/**
 * The shop's messages as HTML that common mail clients render (one centred table, inline
 * styles, no scripts, no web fonts, no images from elsewhere) and the plain-text part that goes
 * with it. Every value from a person (names, addresses, product names) is escaped here.
 */

export type RenderedMail = { subject: string; html: string; text: string };

/** The shop as every message names it, and the zone its times are written in (the `timeZone` setting). */
export type Brand = { shopName: string; publicUrl: string; timeZone: string };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const BUTTON = 'display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px';

/** The frame every message shares: the shop's name as its logo, a heading, the body, a footer. */
function layout(brand: Brand, heading: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e4e4e7">
<a href="${escapeHtml(brand.publicUrl)}/" style="font-size:22px;font-weight:700;color:#1d4ed8;text-decoration:none">&#9889; ${escapeHtml(brand.shopName)}</a>
</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(heading)}</h1>
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:12px;color:#52525b">
You get this email because of your account at ${escapeHtml(brand.shopName)} (${escapeHtml(brand.publicUrl)}).
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

const paragraph = (html: string) => `<p style="margin:0 0 14px;font-size:15px;line-height:1.5">${html}</p>`;
const button = (href: string, label: string) => `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="${BUTTON}">${escapeHtml(label)}</a></p>`;

export function passwordResetMail(brand: Brand, input: { name: string; link: string; minutes: number }): RenderedMail {
  const subject = `Reset your ${brand.shopName} password`;
  const html = layout(
    brand,
    'Reset your password',
    [
      paragraph(`Hello ${escapeHtml(input.name)},`),
      paragraph(`Someone (we hope you) asked to reset the password of your ${escapeHtml(brand.shopName)} account. The link works once, for ${input.minutes} minutes.`),
      button(input.link, 'Choose a new password'),
      paragraph(`Or paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(input.link)}</span>`),
      paragraph('If you did not ask for this, ignore this email: your password stays as it is.'),
    ].join('\n'),
  );
  const text = [
    `Hello ${input.name},`,
    '',
    `Someone (we hope you) asked to reset the password of your ${brand.shopName} account. The link works once, for ${input.minutes} minutes:`,
    '',
    input.link,
    '',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n');
  return { subject, html, text };
}

export type MailOrder = {
  id: string;
  /** The readable order number (VM-2026-000123): what the subject and the text name the order by. */
  number: string;
  customerName: string;
  lines: { name: string; quantity: number; unitPrice: number }[];
  shippingAmount: number;
  /** Paise: the cash-on-delivery fee (0 for other orders). */
  codFee: number;
  /** Paid in cash to the courier on delivery. */
  cashOnDelivery: boolean;
  total: number;
  /** Printed lines of the delivery address, when known. */
  address: string[];
  invoiceNumber: string | null;
};

function orderTableHtml(order: MailOrder): string {
  const cell = 'padding:8px 0;border-bottom:1px solid #e4e4e7;font-size:14px';
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${escapeHtml(line.name)} &times; ${line.quantity}</td><td align="right" style="${cell};white-space:nowrap">${escapeHtml(formatINR(line.unitPrice * line.quantity))}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px">
${rows}
<tr><td style="${cell}">Delivery</td><td align="right" style="${cell}">${escapeHtml(order.shippingAmount === 0 ? 'Free' : formatINR(order.shippingAmount))}</td></tr>
${order.codFee > 0 ? `<tr><td style="${cell}">Cash on delivery fee</td><td align="right" style="${cell}">${escapeHtml(formatINR(order.codFee))}</td></tr>\n` : ''}<tr><td style="padding:10px 0;font-size:16px;font-weight:700">Total (GST included)</td><td align="right" style="padding:10px 0;font-size:16px;font-weight:700">${escapeHtml(formatINR(order.total))}</td></tr>
</table>`;
}

function orderTableText(order: MailOrder): string {
  return [
    ...order.lines.map((line) => `${line.name} x ${line.quantity}: ${formatINR(line.unitPrice * line.quantity)}`),
    `Delivery: ${order.shippingAmount === 0 ? 'Free' : formatINR(order.shippingAmount)}`,
    ...(order.codFee > 0 ? [`Cash on delivery fee: ${formatINR(order.codFee)}`] : []),
    `Total (GST included): ${formatINR(order.total)}`,
  ].join('\n');
}

export function orderConfirmationMail(brand: Brand, order: MailOrder): RenderedMail {
  const link = `${brand.publicUrl}/order`;
  const subject = `Order ${order.number} confirmed: ${formatINR(order.total)} at ${brand.shopName}`;
  const address = order.address.length > 0 ? paragraph(`<strong>Delivering to</strong><br>${order.address.map(escapeHtml).join('<br>')}`) : '';
  const invoice = order.invoiceNumber ? paragraph(`Your GST tax invoice ${escapeHtml(order.invoiceNumber)} is attached.`) : '';
  const opening = order.cashOnDelivery
    ? `we have your order and are getting it ready. Please pay ${formatINR(order.total)} in cash when it arrives; your GST invoice comes with the parcel.`
    : 'we have your payment and are getting your order ready.';
  const html = layout(
    brand,
    'Thank you for your order',
    [
      paragraph(`Hello ${escapeHtml(order.customerName)}, ${escapeHtml(opening)}`),
      orderTableHtml(order),
      address,
      invoice,
      button(link, 'See your order'),
      paragraph(`<span style="color:#52525b;font-size:13px">Order ${escapeHtml(order.number)}</span>`),
    ].join('\n'),
  );
  const text = [
    `Hello ${order.customerName}, ${opening}`,
    '',
    orderTableText(order),
    '',
    ...(order.address.length > 0 ? ['Delivering to:', ...order.address, ''] : []),
    ...(order.invoiceNumber ? [`Your GST tax invoice ${order.invoiceNumber} is attached.`, ''] : []),
    `See your order: ${link}`,
    `Order ${order.number}`,
  ].join('\n');
  return { subject, html, text };
}

// `subject` follows "Order VM-2026-000123" in the subject line.
const STATUS_NOTES = {
  shipped: { subject: 'is on its way', heading: 'Your order has shipped', line: 'Your order has left our warehouse and is on its way to you.' },
  out_for_delivery: {
    subject: 'is out for delivery',
    heading: 'Out for delivery',
    line: 'Your order is out for delivery today. Please keep your phone at hand for the delivery agent.',
  },
  delivery_failed: {
    subject: 'could not be delivered',
    heading: 'Delivery attempt failed',
    line: 'The courier could not deliver your order. We will try again; reply to this mail if you would like us to change anything.',
  },
  delivered: { subject: 'was delivered', heading: 'Delivered', line: 'Your order was delivered. We hope you enjoy it.' },
  cancelled: {
    subject: 'was cancelled',
    heading: 'Order cancelled',
    line: 'Your order was cancelled. If you were charged, the refund goes back to how you paid; a credit note reverses the invoice.',
  },
  returned: {
    subject: 'came back to us',
    heading: 'Order returned undelivered',
    line: 'The courier could not deliver your order and brought it back to us, so it is cancelled. Nothing is owed for it.',
  },
} as const;

/** The refund of a cancelled order, once the provider has taken it in hand. */
export function refundMail(brand: Brand, order: MailOrder, refund: { amount: number; provider: string; id: string | null; settled: boolean }): RenderedMail {
  const link = `${brand.publicUrl}/order`;
  const line = refund.settled
    ? `We have refunded ${formatINR(refund.amount)} through ${refund.provider}. Depending on your bank it shows in your account within 5–7 working days.`
    : `We have asked ${refund.provider} to refund ${formatINR(refund.amount)}. Depending on your bank it shows in your account within 5–7 working days.`;
  const reference = refund.id ? `Refund reference: ${refund.id}` : '';
  const html = layout(
    brand,
    'Your refund',
    [
      paragraph(`Hello ${escapeHtml(order.customerName)},`),
      paragraph(escapeHtml(line)),
      reference ? paragraph(escapeHtml(reference)) : '',
      button(link, 'See your order'),
      paragraph(`<span style="color:#52525b;font-size:13px">Order ${escapeHtml(order.number)}</span>`),
    ].join('\n'),
  );
  const text = [`Hello ${order.customerName},`, '', line, ...(reference ? ['', reference] : []), '', `See your order: ${link}`, `Order ${order.number}`].join('\n');
  return { subject: `Refund of ${formatINR(refund.amount)} for order ${order.number} (${brand.shopName})`, html, text };
}

/** The parcel's courier and AWB (with its tracking link) for a shipping mail, and the courier's reason for a failed delivery. */
export type ShipmentNotice = { courierName: string | null; awb: string | null; trackingUrl: string | null; reason?: string | null };

function noticeLines(notice: ShipmentNotice | undefined): string[] {
  if (!notice) return [];
  const lines: string[] = [];
  if (notice.reason) lines.push(`The courier’s reason: ${notice.reason}`);
  if (notice.awb) lines.push(`${notice.courierName ? `Courier: ${notice.courierName}, ` : ''}AWB ${notice.awb}`);
  if (notice.trackingUrl) lines.push(`Track it: ${notice.trackingUrl}`);
  return lines;
}

export function orderStatusMail(brand: Brand, order: MailOrder, status: keyof typeof STATUS_NOTES, notice?: ShipmentNotice): RenderedMail {
  const note = STATUS_NOTES[status];
  const link = `${brand.publicUrl}/order`;
  const lines = noticeLines(notice);
  const trackingHtml = [
    notice?.reason ? paragraph(`The courier’s reason: ${escapeHtml(notice.reason)}`) : '',
    notice?.awb ? paragraph(`<strong>${notice.courierName ? `${escapeHtml(notice.courierName)} · ` : ''}AWB ${escapeHtml(notice.awb)}</strong>`) : '',
    notice?.trackingUrl ? button(notice.trackingUrl, 'Track your parcel') : '',
  ].join('\n');
  const html = layout(
    brand,
    note.heading,
    [
      paragraph(`Hello ${escapeHtml(order.customerName)},`),
      paragraph(escapeHtml(note.line)),
      trackingHtml,
      orderTableHtml(order),
      button(link, 'See your order'),
      paragraph(`<span style="color:#52525b;font-size:13px">Order ${escapeHtml(order.number)}</span>`),
    ].join('\n'),
  );
  const text = [
    `Hello ${order.customerName},`,
    '',
    note.line,
    ...(lines.length > 0 ? ['', ...lines] : []),
    '',
    orderTableText(order),
    '',
    `See your order: ${link}`,
    `Order ${order.number}`,
  ].join('\n');
  return { subject: `Order ${order.number} ${note.subject} (${brand.shopName})`, html, text };
}

/** To every admin when an account becomes ADMIN: a stolen admin session promoting an accomplice shows up at once. */
export function newAdminMail(brand: Brand, input: { name: string; email: string; by: string; at: string }): RenderedMail {
  const when = formatShopTime(input.at, brand.timeZone);
  const subject = `${input.email} is now an admin of ${brand.shopName}`;
  const link = `${brand.publicUrl}/admit-panel/all-users`;
  const html = layout(
    brand,
    'A new admin',
    [
      paragraph(`${escapeHtml(input.name)} (${escapeHtml(input.email)}) was made an ADMIN by ${escapeHtml(input.by)} on ${escapeHtml(when)}.`),
      paragraph('Admins can change products, prices, orders, settings and other admins. If you did not expect this, sign in and change their role now.'),
      button(link, 'Review the users'),
    ].join('\n'),
  );
  const text = [
    `${input.name} (${input.email}) was made an ADMIN by ${input.by} on ${when}.`,
    '',
    'Admins can change products, prices, orders, settings and other admins. If you did not expect this, sign in and change their role now:',
    link,
  ].join('\n');
  return { subject, html, text };
}

/** To the new address: the link that makes it the account's email. */
export function emailChangeMail(brand: Brand, input: { name: string; newEmail: string; link: string; hours: number }): RenderedMail {
  const subject = `Confirm your new email for ${brand.shopName}`;
  const html = layout(
    brand,
    'Confirm your new email',
    [
      paragraph(`Hello ${escapeHtml(input.name)},`),
      paragraph(
        `You asked to use ${escapeHtml(input.newEmail)} for your ${escapeHtml(brand.shopName)} account. Confirm it within ${input.hours} hours; until then you sign in with your old email.`,
      ),
      button(input.link, 'Confirm this email'),
      paragraph(`Or paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(input.link)}</span>`),
      paragraph('If you did not ask for this, ignore this email: nothing changes.'),
    ].join('\n'),
  );
  const text = [
    `Hello ${input.name},`,
    '',
    `You asked to use ${input.newEmail} for your ${brand.shopName} account. Confirm it within ${input.hours} hours; until then you sign in with your old email:`,
    '',
    input.link,
    '',
    'If you did not ask for this, ignore this email: nothing changes.',
  ].join('\n');
  return { subject, html, text };
}

/** To the old address once the change is confirmed: someone who took over the account is noticed. */
export function emailChangedMail(brand: Brand, input: { name: string; oldEmail: string; newEmail: string; at: string }): RenderedMail {
  const when = formatShopTime(input.at, brand.timeZone);
  const subject = `Your ${brand.shopName} email was changed`;
  const html = layout(
    brand,
    'Your email was changed',
    [
      paragraph(`Hello ${escapeHtml(input.name)},`),
      paragraph(
        `The email of your ${escapeHtml(brand.shopName)} account was changed from ${escapeHtml(input.oldEmail)} to ${escapeHtml(input.newEmail)} on ${escapeHtml(when)}. You now sign in with the new one.`,
      ),
      paragraph(`If you did not do this, someone else may have your password. Reply to this email or contact the shop at once.`),
      button(`${brand.publicUrl}/policies`, 'Contact the shop'),
    ].join('\n'),
  );
  const text = [
    `Hello ${input.name},`,
    '',
    `The email of your ${brand.shopName} account was changed from ${input.oldEmail} to ${input.newEmail} on ${when}. You now sign in with the new one.`,
    '',
    'If you did not do this, someone else may have your password. Reply to this email or contact the shop at once:',
    `${brand.publicUrl}/policies`,
  ].join('\n');
  return { subject, html, text };
}

/** To an admin on each sign-in to their account: a stolen password used elsewhere shows up at once. */
export function adminSignInMail(brand: Brand, input: { name: string; device: string; ip: string; at: string }): RenderedMail {
  const when = formatShopTime(input.at, brand.timeZone);
  const subject = `New sign-in to your ${brand.shopName} admin account`;
  const link = `${brand.publicUrl}/account`;
  const html = layout(
    brand,
    'New sign-in to your admin account',
    [
      paragraph(`Hello ${escapeHtml(input.name)},`),
      paragraph(`Your admin account was signed in to on ${escapeHtml(when)} from ${escapeHtml(input.device)} (IP ${escapeHtml(input.ip || 'unknown')}).`),
      paragraph('If this was not you, open your account page, end that session, change your password and turn on two-factor sign-in.'),
      button(link, 'Review your sessions'),
    ].join('\n'),
  );
  const text = [
    `Hello ${input.name},`,
    '',
    `Your admin account was signed in to on ${when} from ${input.device} (IP ${input.ip || 'unknown'}).`,
    '',
    'If this was not you, open your account page, end that session, change your password and turn on two-factor sign-in:',
    link,
  ].join('\n');
  return { subject, html, text };
}

/** One variant in the low-stock mail: stock and level in units; `link` its product's page in the admin panel (absolute). */
export type LowStockLine = { productName: string; variantLabel: string; sku: string; stock: number; level: number; link: string };

/**
 * To every admin, once a day at most: the variants that went down to their low-stock level since
 * the last such mail (each named once per crossing). Lists the first `lines` given; `total`
 * counts them all (the rest are on the dashboard's low-stock list).
 */
export function lowStockMail(brand: Brand, input: { lines: readonly LowStockLine[]; total: number; dashboard: string }): RenderedMail {
  const { lines, total } = input;
  const subject = `Low stock: ${total} ${total === 1 ? 'variant' : 'variants'} at or below ${total === 1 ? 'its' : 'their'} level`;
  const cell = 'padding:6px 8px;border-bottom:1px solid #e4e4e7;font-size:13px;vertical-align:top';
  const head = 'padding:6px 8px;border-bottom:2px solid #d4d4d8;font-size:12px;text-align:left;color:#52525b';
  const rows = lines
    .map(
      (line) =>
        `<tr><td style="${cell}"><a href="${escapeHtml(line.link)}" style="color:#1d4ed8">${escapeHtml(line.productName)}</a></td><td style="${cell}">${escapeHtml(line.variantLabel || '–')}</td><td style="${cell};font-family:monospace">${escapeHtml(line.sku)}</td><td align="right" style="${cell};font-weight:700;${line.stock === 0 ? 'color:#b91c1c' : ''}">${line.stock}</td><td align="right" style="${cell}">${line.level}</td></tr>`,
    )
    .join('\n');
  const more = total > lines.length ? total - lines.length : 0;
  const html = layout(
    brand,
    subject,
    [
      paragraph(
        `${total === 1 ? 'This variant has' : `These ${total} variants have`} come down to ${total === 1 ? 'its' : 'their'} low-stock level since the last alert. Restock or reorder before ${total === 1 ? 'it sells' : 'they sell'} out.`,
      ),
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">
<tr><th style="${head}">Product</th><th style="${head}">Variant</th><th style="${head}">SKU</th><th style="${head};text-align:right">Stock</th><th style="${head};text-align:right">Level</th></tr>
${rows}
</table>`,
      more > 0 ? paragraph(`And ${more} more: the dashboard lists every variant low on stock.`) : '',
      button(input.dashboard, 'Open the dashboard'),
      paragraph(
        '<span style="color:#52525b;font-size:13px">Each variant is named once each time it comes down to its level. Change the levels in the product form, or the default and the time of this email in Settings → Stock alerts.</span>',
      ),
    ].join('\n'),
  );
  const text = [
    `${total === 1 ? 'This variant has' : `These ${total} variants have`} come down to ${total === 1 ? 'its' : 'their'} low-stock level since the last alert:`,
    '',
    ...lines.map(
      (line) => `${line.productName}${line.variantLabel ? ` (${line.variantLabel})` : ''}, SKU ${line.sku}: ${line.stock} in stock, level ${line.level}\n  ${line.link}`,
    ),
    ...(more > 0 ? ['', `And ${more} more: the dashboard lists every variant low on stock.`] : []),
    '',
    `Dashboard: ${input.dashboard}`,
    '',
    'Each variant is named once each time it comes down to its level. Change the levels in the product form, or the default and the time of this email in Settings → Stock alerts.',
  ].join('\n');
  return { subject, html, text };
}

/** A return request's step, for its shopper's mail (issue 31). */
export type ReturnNotice = {
  customerName: string;
  orderNumber: string;
  itemName: string;
  status: 'requested' | 'approved' | 'rejected' | 'pickup-scheduled' | 'picked-up' | 'received' | 'cancelled';
  message: string | null;
  pickup: { courierName: string; awb: string } | null;
};

const RETURN_NOTES: Record<ReturnNotice['status'], { subject: string; line: string }> = {
  requested: { subject: 'return requested', line: 'We have your return request. We look at it within one working day and write to you.' },
  approved: { subject: 'return approved', line: 'Your return is approved. We will arrange a pickup and tell you its courier and AWB.' },
  rejected: { subject: 'return not approved', line: 'We are sorry: your return could not be approved.' },
  'pickup-scheduled': { subject: 'return pickup scheduled', line: 'A courier will pick the item up. Keep it packed with its box and accessories.' },
  'picked-up': { subject: 'return picked up', line: 'The courier has picked the item up. We write again when it reaches us.' },
  received: { subject: 'return received', line: 'Your return has reached us and has been checked.' },
  cancelled: { subject: 'return cancelled', line: 'Your return request is cancelled, as you asked.' },
};

export function returnStatusMail(brand: Brand, notice: ReturnNotice): RenderedMail {
  const note = RETURN_NOTES[notice.status];
  const link = `${brand.publicUrl}/order`;
  const extra = [notice.message ? `Our note: ${notice.message}` : '', notice.pickup ? `Courier: ${notice.pickup.courierName}, AWB ${notice.pickup.awb}` : ''].filter(
    (line) => line.length > 0,
  );
  const html = layout(
    brand,
    capitalisedWords(note.subject),
    [
      paragraph(`Hello ${escapeHtml(notice.customerName)},`),
      paragraph(escapeHtml(note.line)),
      paragraph(`<strong>${escapeHtml(notice.itemName)}</strong>`),
      ...extra.map((line) => paragraph(escapeHtml(line))),
      button(link, 'See your order'),
      paragraph(`<span style="color:#52525b;font-size:13px">Order ${escapeHtml(notice.orderNumber)}</span>`),
    ].join('\n'),
  );
  const text = [
    `Hello ${notice.customerName},`,
    '',
    note.line,
    '',
    notice.itemName,
    ...(extra.length > 0 ? ['', ...extra] : []),
    '',
    `See your order: ${link}`,
    `Order ${notice.orderNumber}`,
  ].join('\n');
  return { subject: `Order ${notice.orderNumber}: ${note.subject} (${brand.shopName})`, html, text };
}

function capitalisedWords(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
