import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBanner } from '../../../../shared/schemas/catalog';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { AdminBanners } from './admin-banners';

const image = (name: string) => `/images/${name}.webp`;

function banner(id: string, kind: AdminBanner['kind'], position: number, alt: string, patch: Partial<AdminBanner> = {}): AdminBanner {
  return { _id: id, kind, position, imageUrl: image(id), alt, link: '/product-category?category=mobiles', hidden: false, demo: false, ...patch };
}

/** A server holding banners in memory, as catalog.adminBanners / saveBanner / moveBanner / deleteBanner keep them. */
function renderPage(initial: AdminBanner[], opts: { save?: (input: any) => AdminBanner } = {}) {
  let banners = [...initial];
  const list = () => [...banners].sort((a, b) => (a.kind === b.kind ? a.position - b.position : a.kind === 'desktop' ? -1 : 1));
  const server = fakeServer({
    'catalog.adminBanners': () => list(),
    'catalog.saveBanner': (input: any) => {
      if (opts.save) return opts.save(input);
      const existing = banners.find((b) => b._id === input.bannerId);
      const saved: AdminBanner = {
        _id: input.bannerId ?? `new-${banners.length}`,
        position: existing?.position ?? banners.filter((b) => b.kind === input.kind).length + 1,
        demo: existing?.demo ?? false,
        kind: input.kind,
        imageUrl: input.imageUrl,
        alt: input.alt,
        link: input.link,
        hidden: input.hidden ?? false,
      };
      banners = [...banners.filter((b) => b._id !== saved._id), saved];
      return saved;
    },
    'catalog.moveBanner': ({ bannerId, direction }: any) => {
      const moved = banners.find((b) => b._id === bannerId)!;
      const siblings = list().filter((b) => b.kind === moved.kind);
      const i = siblings.indexOf(moved);
      const other = siblings[direction === 'up' ? i - 1 : i + 1];
      if (other) [moved.position, other.position] = [other.position, moved.position];
      return list();
    },
    'catalog.deleteBanner': ({ bannerId }: any) => {
      banners = banners.filter((b) => b._id !== bannerId);
      return { deleted: true };
    },
    'admin.setupStatus': () => ({ productsOnSale: 0, bannersShown: 0, settingsSaved: false, demo: { products: 0, banners: 0 } }),
  });
  render(renderableApp({ routes: [{ path: '/admit-panel/banners', element: <AdminBanners /> }], initialEntries: ['/admit-panel/banners'], fetch: server.fetch, toasts: true }));
  return server;
}

const section = (name: string) => screen.getByRole('region', { name });
const altsIn = (name: string) =>
  within(section(name))
    .queryAllByTestId('banner-row')
    .map((row) => row.querySelector('p')?.textContent);

/** The browser's side of POST /api/upload-image: every upload succeeds with the file's name as a stored image. */
class FakeUpload {
  static sent: string[] = [];
  readonly upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = '';
  status = 0;
  response: unknown = null;
  open() {}
  send(body: FormData) {
    const name = (body.get('file') as File).name.replace(/\.\w+$/, '');
    FakeUpload.sent.push(name);
    this.status = 201;
    this.response = { success: true, message: 'Image uploaded', data: { url: image(name) } };
    setTimeout(() => this.onload?.(), 0);
  }
  abort() {}
}

describe('AdminBanners', () => {
  withToastHost();
  beforeEach(() => {
    FakeUpload.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    Object.assign(URL, { createObjectURL: (file: File) => `blob:preview/${file.name}`, revokeObjectURL: () => undefined });
  });
  afterEach(cleanup);

  it('lists the desktop and phone banners apart, with their link and Hidden and Demo badges', async () => {
    renderPage([
      banner('d1', 'desktop', 1, 'Diwali sale', { demo: true }),
      banner('d2', 'desktop', 2, 'New phones', { hidden: true, link: 'https://brand.example/phones' }),
      banner('m1', 'mobile', 1, 'Diwali sale on phones'),
    ]);
    await screen.findByRole('region', { name: 'Desktop banners' });
    expect(altsIn('Desktop banners')).toEqual(['Diwali sale', 'New phones']);
    expect(altsIn('Phone banners')).toEqual(['Diwali sale on phones']);
    const [diwali, phones] = within(section('Desktop banners')).getAllByTestId('banner-row');
    expect(within(diwali!).getByText('Demo')).toBeTruthy();
    expect(within(diwali!).queryByText('Hidden')).toBeNull();
    expect(within(phones!).getByText('Hidden')).toBeTruthy();
    expect(within(phones!).getByText('https://brand.example/phones')).toBeTruthy();
    expect(within(phones!).getByRole('button', { name: 'Show New phones' })).toBeTruthy();
    // The first cannot go up, the last cannot go down.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Diwali sale up' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move New phones down' }).disabled).toBe(true);
  });

  it('says when a carousel has no banners', async () => {
    renderPage([banner('d1', 'desktop', 1, 'Diwali sale')]);
    expect(await screen.findByText('No phone banners yet.')).toBeTruthy();
  });

  it('adds a banner: uploads the picture, sends the form and shows the new banner', async () => {
    const server = renderPage([banner('d1', 'desktop', 1, 'Diwali sale')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add banner' }));
    const dialog = screen.getByRole('dialog', { name: 'Add banner' });
    expect(within(dialog).getByText('Wide: 1920 × 560 pixels recommended')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Phone/ }));
    fireEvent.change(within(dialog).getByTestId('banner-image-input'), { target: { files: [new File(['png'], 'monsoon.png', { type: 'image/png' })] } });
    await waitFor(() => expect(within(dialog).getByTestId('banner-image-preview').getAttribute('src')).toBe(image('monsoon')));
    fireEvent.change(within(dialog).getByLabelText('Alt text'), { target: { value: 'Monsoon offers on speakers' } });
    fireEvent.change(within(dialog).getByLabelText('Link'), { target: { value: '/product-category?category=speakers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add banner' }));

    expect(await screen.findByText('Banner added')).toBeTruthy();
    expect(FakeUpload.sent).toEqual(['monsoon']);
    expect(server.inputsOf('catalog.saveBanner')).toEqual([
      { kind: 'mobile', imageUrl: image('monsoon'), alt: 'Monsoon offers on speakers', link: '/product-category?category=speakers', hidden: false },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(altsIn('Phone banners')).toEqual(['Monsoon offers on speakers']));
  });

  it('shows what is missing beside its field and sends nothing', async () => {
    const server = renderPage([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add banner' }));
    const dialog = screen.getByRole('dialog', { name: 'Add banner' });
    fireEvent.change(within(dialog).getByLabelText('Link'), { target: { value: 'www.example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add banner' }));
    const alt = within(dialog).getByLabelText('Alt text');
    expect(alt.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Describe the banner for people who cannot see it')).toBeTruthy();
    expect(within(dialog).getByText(/^Link must be a path in the shop/)).toBeTruthy();
    expect(within(dialog).getByText('Choose a picture for the banner.')).toBeTruthy();
    expect(server.inputsOf('catalog.saveBanner')).toEqual([]);
  });

  it("shows the server's field errors beside their fields", async () => {
    const server = renderPage([banner('d1', 'desktop', 1, 'Diwali sale')], {
      save: () => {
        throw new FakeServerError(400, 'BAD_REQUEST', 'Invalid input', { link: 'link must be a path in the shop or an https:// address' });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Diwali sale' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit banner' });
    expect(within(dialog).getByTestId('banner-image-preview').getAttribute('src')).toBe(image('d1'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save banner' }));
    expect(await within(dialog).findByText('Link must be a path in the shop or an https:// address')).toBeTruthy();
    expect(server.inputsOf('catalog.saveBanner')).toEqual([
      { bannerId: 'd1', kind: 'desktop', imageUrl: image('d1'), alt: 'Diwali sale', link: '/product-category?category=mobiles', hidden: false },
    ]);
  });

  it('moves a banner down and keeps the focus on its button', async () => {
    const server = renderPage([banner('d1', 'desktop', 1, 'Diwali sale'), banner('d2', 'desktop', 2, 'New phones'), banner('d3', 'desktop', 3, 'Smart TVs')]);
    const down = await screen.findByRole('button', { name: 'Move Diwali sale down' });
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(altsIn('Desktop banners')).toEqual(['New phones', 'Diwali sale', 'Smart TVs']));
    expect(server.inputsOf('catalog.moveBanner')).toEqual([{ bannerId: 'd1', direction: 'down' }]);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Diwali sale down'));
    expect(screen.getByText('Diwali sale moved to position 2 of 3.')).toBeTruthy();
  });

  it('hides a banner and shows it again', async () => {
    const server = renderPage([banner('d1', 'desktop', 1, 'Diwali sale')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Hide Diwali sale' }));
    expect(await screen.findByText('Banner hidden: Diwali sale')).toBeTruthy();
    const row = within(section('Desktop banners')).getByTestId('banner-row');
    await waitFor(() => expect(within(row).getByText('Hidden')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Show Diwali sale' }));
    expect(await screen.findByText('Banner shown: Diwali sale')).toBeTruthy();
    expect(server.inputsOf('catalog.saveBanner').map((input: any) => [input.bannerId, input.hidden])).toEqual([
      ['d1', true],
      ['d1', false],
    ]);
  });

  it('deletes a banner after a confirmation', async () => {
    const server = renderPage([banner('d1', 'desktop', 1, 'Diwali sale'), banner('d2', 'desktop', 2, 'New phones')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Diwali sale' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete banner?' });
    // Keeping it sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(server.inputsOf('catalog.deleteBanner')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Diwali sale' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete banner?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Banner deleted: Diwali sale')).toBeTruthy();
    expect(server.inputsOf('catalog.deleteBanner')).toEqual([{ bannerId: 'd1' }]);
    await waitFor(() => expect(altsIn('Desktop banners')).toEqual(['New phones']));
  });
});
