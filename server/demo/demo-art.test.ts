import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bannerSvg, DESKTOP_BANNER_SIZE, MOBILE_BANNER_SIZE, PRODUCT_ART_SIZE, productArtSvgs, shade, type DeviceKind } from './demo-art';
import { DEMO_BANNERS, DEMO_PRODUCTS } from './demo-catalog';

const KINDS: DeviceKind[] = ['phone', 'earbuds', 'watch', 'tv', 'camera', 'speaker', 'fridge', 'trimmer', 'mouse', 'printer', 'chip', 'earphones', 'laptop', 'powerbank'];

/** Colour spread of an image: a grey box has almost none, an illustration has plenty. */
async function colourfulness(svg: string): Promise<{ stdev: number; distinct: number; width: number; height: number }> {
  const image = sharp(Buffer.from(svg));
  const stats = await image.clone().stats();
  const { data } = await image.clone().resize(64, 64, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<string>();
  for (let i = 0; i < data.length; i += 3) colours.add(`${(data[i] ?? 0) >> 4},${(data[i + 1] ?? 0) >> 4},${(data[i + 2] ?? 0) >> 4}`);
  const meta = await sharp(Buffer.from(svg)).metadata();
  return { stdev: Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev)), distinct: colours.size, width: meta.width, height: meta.height };
}

describe('demo art', () => {
  it('is deterministic: the same product always gives the same SVG', () => {
    const product = DEMO_PRODUCTS[0];
    if (!product) throw new Error('empty catalogue');
    expect(productArtSvgs(product.art)).toEqual(productArtSvgs(product.art));
    expect(new Set(productArtSvgs(product.art)).size).toBe(product.art.views);
  });

  it('gives different products of a kind different pictures', () => {
    const phones = DEMO_PRODUCTS.filter((p) => p.art.kind === 'phone').map((p) => productArtSvgs(p.art)[0]);
    expect(new Set(phones).size).toBe(phones.length);
  });

  it.each(KINDS)('draws %s as a real illustration in every view, not a flat box', async (kind) => {
    const svgs = productArtSvgs({ kind, body: '#3b4252', accent: '#e11d48', views: 4, seed: `test-${kind}`, label: 'TEST' });
    expect(svgs).toHaveLength(4);
    for (const svg of svgs) {
      const { stdev, distinct, width, height } = await colourfulness(svg);
      expect({ width, height }).toEqual({ width: PRODUCT_ART_SIZE, height: PRODUCT_ART_SIZE });
      expect(stdev).toBeGreaterThan(20);
      expect(distinct).toBeGreaterThan(12);
    }
  });

  it('renders every banner at its size with visible contrast', async () => {
    for (const banner of DEMO_BANNERS) {
      const { stdev, width, height } = await colourfulness(bannerSvg(banner));
      const size = banner.kind === 'desktop' ? DESKTOP_BANNER_SIZE : MOBILE_BANNER_SIZE;
      expect({ width, height }).toEqual(size);
      expect(stdev).toBeGreaterThan(20);
    }
  });

  it('escapes text so a label cannot break the SVG', async () => {
    const [svg] = productArtSvgs({ kind: 'chip', body: '#ff0000', accent: '#00aa00', views: 2, seed: 'x', label: '<b>&"\'|</svg>' });
    await expect(
      sharp(Buffer.from(svg ?? ''))
        .png()
        .toBuffer(),
    ).resolves.toBeInstanceOf(Buffer);
  });

  it('shades colours towards white and black', () => {
    expect(shade('#808080', 1)).toBe('#ffffff');
    expect(shade('#808080', -1)).toBe('#000000');
    expect(shade('#808080', 0)).toBe('#808080');
  });
});
