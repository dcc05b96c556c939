import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageStore } from '../images/image-store';
import { storeProductImage, type StoredImage } from '../images/image.service';
import { bannerSvg, productArtSvgs, type ArtSpec, type BannerArt } from '../demo/demo-art';
import type { DemoProduct } from '../demo/demo-catalog';

/**
 * Jobs in flight. Measured on the 2-core target with 374 images: 2 lanes took 23 s, 3 lanes 17 s
 * (a lane waits on file I/O and the event loop between sharp calls), 4 lanes 16.6 s. Three keeps
 * the cores busy without piling up decoded bitmaps.
 */
const CONCURRENCY = 3;

export interface DemoImages {
  /** Product key -> image URLs, in view order. */
  products: Map<string, string[]>;
  /** Banner URLs in the order of the banners given. */
  banners: string[];
  /** Extra art's key (a demo colour's, `colourArtKey`) -> image URLs, in view order. */
  extra: Map<string, string[]>;
}

async function runPool<T, R>(items: readonly T[], worker: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await worker(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

/**
 * Renders one SVG to WebP and stores it through the upload pipeline. The result is cached by
 * the SVG's hash in `cacheDir` (a local folder whatever the store), so a restart (or a second
 * seed) skips rasterising entirely while the store still holds the image.
 */
async function renderAndStore(store: ImageStore, cacheDir: string, svg: string): Promise<StoredImage> {
  const key = createHash('sha256').update(svg).digest('hex').slice(0, 32);
  const cacheFile = path.join(cacheDir, `${key}.json`);
  try {
    const cached = JSON.parse(await readFile(cacheFile, 'utf8')) as StoredImage;
    // The cache entry is only good while the image it points at is in the store: a fresh
    // database, or images deleted from the folder, mean rendering again. The main image is
    // stored last, so its presence vouches for the renditions.
    if (await store.has(path.basename(cached.url))) return cached;
  } catch {
    // Not cached: render below.
  }
  // Rasterised to a fast, lossless PNG: the pipeline's own WebP encode is then the only loss,
  // and PNG at level 1 encodes and decodes in about half the time of a WebP source.
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();
  const stored = await storeProductImage(store, png);
  await mkdir(cacheDir, { recursive: true });
  const temp = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(stored));
  await rename(temp, cacheFile);
  return stored;
}

/**
 * Generates (or finds in the cache) every illustration of the given products and banners.
 * Deterministic: the same catalogue always gives the same URLs.
 *
 * @param store where the images go (the shop's ImageStore)
 * @param cacheDir where SVG-hash -> stored image records are kept: a local folder outside the
 *   images folder, so the cache is never served.
 */
export async function generateDemoImages(
  store: ImageStore,
  cacheDir: string,
  products: readonly DemoProduct[],
  banners: readonly BannerArt[],
  extra: readonly { key: string; art: ArtSpec }[] = [],
): Promise<DemoImages> {
  const jobs: { owner: string; svg: string }[] = [];
  for (const product of products) {
    for (const svg of productArtSvgs(product.art)) jobs.push({ owner: product.key, svg });
  }
  banners.forEach((banner, i) => jobs.push({ owner: `banner:${i}`, svg: bannerSvg(banner) }));
  for (const item of extra) for (const svg of productArtSvgs(item.art)) jobs.push({ owner: `extra:${item.key}`, svg });

  // A drawing asked for twice (a colour that is the product's own) is rendered once.
  const unique = [...new Set(jobs.map((job) => job.svg))];
  const rendered = await runPool(unique, (svg) => renderAndStore(store, cacheDir, svg));
  const bySvg = new Map(unique.map((svg, i) => [svg, rendered[i]]));
  const stored = jobs.map((job) => bySvg.get(job.svg));

  const result: DemoImages = { products: new Map(), banners: [], extra: new Map() };
  jobs.forEach((job, i) => {
    const url = stored[i]?.url;
    if (url === undefined) throw new Error(`Demo image ${i} was not generated`);
    if (job.owner.startsWith('banner:')) {
      result.banners.push(url);
    } else if (job.owner.startsWith('extra:')) {
      const key = job.owner.slice('extra:'.length);
      result.extra.set(key, [...(result.extra.get(key) ?? []), url]);
    } else {
      const list = result.products.get(job.owner) ?? [];
      list.push(url);
      result.products.set(job.owner, list);
    }
  });
  return result;
}
