import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MailMessage, MailSummary } from '../../../../shared/schemas/mail';
import { htmlForFrame, splitLinks } from '../../../features/admin/components/mail-text';
import { fakeServer, renderableApp } from '../../../lib/test-providers';
import { Component as MailPage } from './mail';

const RESET_LINK = 'http://localhost:3000/reset-password?token=Zm9yLXRlc3RzLW9ubHktYS1yZXNldC10b2tlbg';

const mail = (id: string, patch: Partial<MailSummary> = {}): MailSummary => ({
  _id: id,
  kind: 'order-paid',
  to: 'ravi@example.com',
  subject: 'Your Voltmart order is confirmed',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-22T08:00:00.000Z',
  sentAt: '2026-11-22T08:00:05.000Z',
  nextAttemptAt: '2026-11-22T08:00:00.000Z',
  attachments: [],
  attachmentFiles: [],
  ...patch,
});

const reset = mail('m_reset', {
  kind: 'password-reset',
  to: 'owner@example.com',
  subject: 'Reset your Voltmart password',
  status: 'pending',
  attempts: 0,
  sentAt: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  nextAttemptAt: '2026-11-25T10:00:00.000Z',
});
const retrying = mail('m_retry', {
  kind: 'order-shipped',
  subject: 'Your order is on its way',
  status: 'pending',
  attempts: 2,
  lastError: 'connect ECONNREFUSED 127.0.0.1:587',
  sentAt: null,
  createdAt: '2026-11-24T06:00:00.000Z',
  nextAttemptAt: '2026-11-24T06:35:00.000Z',
});
const confirmed = mail('m_paid', {
  attachments: ['Invoice of order o_42 (PDF)'],
  attachmentFiles: [{ name: 'Invoice of order o_42 (PDF)', url: '/orders/o_42/invoice.pdf' }],
});
const failed = mail('m_failed', {
  kind: 'order-cancelled',
  subject: 'Your order was cancelled',
  status: 'failed',
  attempts: 7,
  lastError: '550 mailbox unavailable',
  sentAt: null,
  createdAt: '2026-11-20T06:00:00.000Z',
});

const resetText = [
  'Hello Owner,',
  '',
  'Someone (we hope you) asked to reset the password of your Voltmart account. The link works once, for 30 minutes:',
  '',
  RESET_LINK,
  '',
  'If you did not ask for this, ignore this email.',
].join('\n');
const resetHtml = `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8"><title>Reset</title></head><body><a href="${RESET_LINK}">Choose a new password</a></body></html>`;

function renderPage() {
  const server = fakeServer({
    'admin.mail': (input: any) => (input?.cursor === 'page-2' ? { items: [failed], nextCursor: null } : { items: [reset, retrying, confirmed], nextCursor: 'page-2' }),
    'admin.mailMessage': (input: any): MailMessage => ({ ...reset, html: resetHtml, text: resetText, _id: input.mailId }),
  });
  render(renderableApp({ routes: [{ path: '/admit-panel/mail', element: <MailPage /> }], initialEntries: ['/admit-panel/mail'], fetch: server.fetch }));
  return server;
}

const cells = (tr: HTMLElement) =>
  within(tr)
    .getAllByRole('cell')
    .map((td) => td.textContent);

describe('Mail page', () => {
  afterEach(cleanup);

  it('lists the outbox newest first with each status, and loads more with the cursor', async () => {
    const server = renderPage();
    const table = await screen.findByTestId('mail-table');
    expect(screen.getByRole('heading', { name: 'Mail' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Messages wait here until they are sent. Without SMTP_URL set, none are sent: read them here.');

    const rows = within(table).getAllByTestId('mail-row');
    expect(rows.map(cells)).toEqual([
      ['25 Nov 2026, 3:30 pm IST', 'owner@example.com', 'Reset your Voltmart password', 'Password reset', 'PendingNot tried yet'],
      [
        '24 Nov 2026, 11:30 am IST',
        'ravi@example.com',
        'Your order is on its way',
        'Order shipped',
        'Pending2 attempts · next try 24 Nov 2026, 12:05 pm ISTconnect ECONNREFUSED 127.0.0.1:587',
      ],
      [
        '22 Nov 2026, 1:30 pm IST',
        'ravi@example.com',
        'Your Voltmart order is confirmedAttached: Invoice of order o_42 (PDF)',
        'Order confirmation',
        'SentSent 22 Nov 2026, 1:30 pm IST',
      ],
    ]);
    // The attached invoice opens: a link to its PDF, which does not open the message instead.
    const invoice = within(rows[2]!).getByRole('link', { name: 'Invoice of order o_42 (PDF)' });
    expect(invoice.getAttribute('href')).toBe('/orders/o_42/invoice.pdf');
    fireEvent.click(invoice);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The same messages as cards, for a narrow panel, the invoice link too.
    const cards = within(screen.getByTestId('mail-cards')).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[2]!).getByRole('link', { name: 'Invoice of order o_42 (PDF)' }).getAttribute('href')).toBe('/orders/o_42/invoice.pdf');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByTestId('mail-row')).toHaveLength(4));
    expect(server.inputsOf('admin.mail')).toEqual([
      { limit: 25, direction: 'forward' },
      { limit: 25, cursor: 'page-2', direction: 'forward' },
    ]);
    expect(cells(within(table).getAllByTestId('mail-row')[3]!).at(-1)).toBe('FailedGave up after 7 attempts550 mailbox unavailable');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens a message: its plain text with the reset link clickable, and its HTML in a sandboxed frame', async () => {
    const server = renderPage();
    const table = await screen.findByTestId('mail-table');
    fireEvent.click(within(table).getAllByTestId('mail-row')[0]!);

    const dialog = await screen.findByRole('dialog', { name: 'Reset your Voltmart password' });
    expect(dialog.textContent).toContain('To owner@example.com · Password reset · 25 Nov 2026, 3:30 pm IST');
    const link = await within(dialog).findByRole('link', { name: RESET_LINK });
    expect(link.getAttribute('href')).toBe(RESET_LINK);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.closest('pre')?.textContent).toBe(resetText);
    expect(server.inputsOf('admin.mailMessage')).toEqual([{ mailId: 'm_reset' }]);

    const frame = within(dialog).getByTitle('Message as HTML');
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toBe(resetHtml.replace('<head>', '<head><base target="_blank">'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names every kind of message in words, never its key', async () => {
    const kinds = ['admin-sign-in', 'new-admin', 'email-change', 'email-changed', 'order-returned', 'order-refund', 'order-delivered', 'some-future-kind'];
    const server = fakeServer({
      'admin.mail': () => ({ items: kinds.map((kind, i) => mail(`m_${i}`, { kind, subject: `Message ${i}` })), nextCursor: null }),
    });
    render(renderableApp({ routes: [{ path: '/admit-panel/mail', element: <MailPage /> }], initialEntries: ['/admit-panel/mail'], fetch: server.fetch }));
    const table = await screen.findByTestId('mail-table');
    expect(
      within(table)
        .getAllByTestId('mail-row')
        .map((row) => cells(row)[3]),
    ).toEqual(['Admin sign-in notice', 'New admin notice', 'Email change link', 'Email changed notice', 'Order returned', 'Order refund', 'Order delivered', 'Some future kind']);
    const cards = within(screen.getByTestId('mail-cards')).getAllByRole('listitem');
    expect(cards[0]!.textContent).toContain('Admin sign-in notice');
    expect(document.body.textContent).not.toMatch(/admin-sign-in|order-refund/);
  });

  it('opens a message from the subject button too (keyboard users)', async () => {
    renderPage();
    const table = await screen.findByTestId('mail-table');
    fireEvent.click(within(table).getByRole('button', { name: 'Your order is on its way' }));
    expect(await screen.findByRole('dialog', { name: 'Your order is on its way' })).toBeTruthy();
  });
});

describe('splitLinks', () => {
  it('finds http(s) addresses in text, leaving out the punctuation that ends a sentence', () => {
    expect(splitLinks('Open https://shop.example/reset-password?token=a_b-c. Or http://x.in/a, then stop')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'https://shop.example/reset-password?token=a_b-c' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', href: 'http://x.in/a' },
      { kind: 'text', text: ', then stop' },
    ]);
    expect(splitLinks('no links here, javascript:alert(1) neither')).toEqual([{ kind: 'text', text: 'no links here, javascript:alert(1) neither' }]);
  });
});

describe('htmlForFrame', () => {
  it('makes links open in a new tab, with or without a <head>', () => {
    expect(htmlForFrame('<html><HEAD lang="x"><title>t</title></HEAD><body></body></html>')).toBe(
      '<html><HEAD lang="x"><base target="_blank"><title>t</title></HEAD><body></body></html>',
    );
    expect(htmlForFrame('<p>Hi</p>')).toBe('<base target="_blank"><p>Hi</p>');
  });
});
