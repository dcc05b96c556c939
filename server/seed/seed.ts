import path from 'node:path';
import { sql } from 'kysely';
import { dialectOf, newId } from '../db/database';
import { transaction } from '../db/transaction';
import type { Env } from '../env';
import type { Deps } from '../deps';
import { openImageStore, type ImageStore } from '../images/image-store';
import { CATEGORY_VALUES, type Category } from '../../shared/categories';
import * as q from '../features/catalog/catalog.service';
import { DEMO_BANNERS, DEMO_PRODUCTS, type DemoProduct } from '../demo/demo-catalog';
import { DEMO_CATEGORIES } from '../demo/demo-categories';
import { applyDemoCategories, listAdminCategories } from '../features/catalog/categories.service';
import { demoFacts } from '../demo/demo-facts';
import { generateDemoImages } from './demo-images';
import { colourArtKey, demoColourArt, demoVariantColour, DEMO_VARIANTS } from '../demo/demo-variants';
import { demoSpecs, demoVariantSpecs } from '../demo/demo-specs';
import { saveProductSpecs } from '../features/catalog/specs.service';
import { syntheticProduct } from './synthetic-catalog';
import { planSyntheticSpecs, writeSyntheticSpecs } from './synthetic-specs';

type SeedDeps = Pick<Deps, 'db' | 'log' | 'clock'> & {
  env: Pick<Env, 'DATA_DIR' | 'imagesDir'>;
  /** Where the images go; when not given, the store for `db` (openImageStore), as the shop would pick it. */
  images?: ImageStore;
};

const imageStoreOf = (deps: SeedDeps): ImageStore => deps.images ?? openImageStore(deps.db, deps.env);

/** Where rendered demo art is remembered between runs (outside the served images folder). */
export function demoArtCacheDir(env: Pick<Env, 'DATA_DIR'>): string {
  return path.join(env.DATA_DIR, 'cache', 'demo-art');
}

export type SeedDemoResult = { seeded: false } | { seeded: true; products: number; banners: number; ms: number };

/**
 * Fills an empty shop with the demo catalogue (SEED=demo): 120+ products with generated
 * illustrations and the home page banners. Does nothing when any product exists, so restarts
 * and a shop with real products are never touched. Safe against two processes racing: the
 * emptiness check is repeated inside the write transaction.
 */
export async function seedDemo(deps: SeedDeps): Promise<SeedDemoResult> {
  if ((await q.countProducts(deps.db)) > 0) return { seeded: false };
  const started = Date.now();
  // A product sold in colours gets pictures per colour (its art with the swatch as the body).
  const colourArt = DEMO_PRODUCTS.flatMap((product) => demoColourArt(product, DEMO_VARIANTS[product.productName]));
  const images = await generateDemoImages(imageStoreOf(deps), demoArtCacheDir(deps.env), DEMO_PRODUCTS, DEMO_BANNERS, colourArt);
  const now = deps.clock().getTime();
  const inserted = await transaction(deps.db, async (trx) => {
    if ((await q.countProducts(trx)) > 0) return false;
    // The demo's spec templates, and its Laptops and Power banks, before the products that use them.
    await applyDemoCategories(trx, DEMO_CATEGORIES, new Date(now).toISOString());
    // A minute apart in catalogue order, so "newest first" is stable and starts with the first row.
    const rows = DEMO_PRODUCTS.map((product, i) => {
      const at = new Date(now - i * 60_000).toISOString();
      return demoRow(product, images.products.get(product.key) ?? [], at);
    });
    await q.insertProducts(trx, rows);
    // A phone, a TV and a watch come in several variants (server/demo/demo-variants.ts); the
    // variants of one colour share that colour's pictures.
    for (const [i, row] of rows.entries()) {
      const demo = DEMO_VARIANTS[row.productName];
      if (!demo) continue;
      const key = (DEMO_PRODUCTS[i] as DemoProduct).key;
      const list = demo.variants.map((v) => {
        const colour = demoVariantColour(demo, v);
        return { ...v, images: colour === undefined ? [] : (images.extra.get(colourArtKey(key, colour)) ?? []) };
      });
      await q.addSeedVariants(trx, { id: row.id, productName: row.productName }, demo.options, list, row.createdAt);
    }
    // Spec values for every product from its category's template (server/demo/demo-specs.ts).
    for (const [i, row] of rows.entries()) {
      const product = DEMO_PRODUCTS[i] as DemoProduct;
      const template = DEMO_CATEGORIES.find((c) => c.value === product.category)?.template ?? [];
      const demo = DEMO_VARIANTS[row.productName];
      const names = demo?.options.map((o) => o.name) ?? [];
      const variants = demo?.variants.map((v) => ({ optionValues: v.optionValues, specs: demoVariantSpecs(template, names, v.optionValues) }));
      await saveProductSpecs(trx, row.id, { specs: demoSpecs(product, template, DEMO_PRODUCTS), variants });
    }
    if ((await q.countBanners(trx)) === 0) {
      await q.insertBanners(
        trx,
        DEMO_BANNERS.map((banner, i) => ({
          id: newId(),
          kind: banner.kind,
          position: banner.position,
          imageUrl: images.banners[i] ?? '',
          alt: `${banner.headline}. ${banner.subline}`,
          link: banner.link,
          createdAt: new Date(now).toISOString(),
          demo: true,
        })),
      );
    }
    return true;
  });
  if (!inserted) return { seeded: false };
  const result = { seeded: true as const, products: DEMO_PRODUCTS.length, banners: DEMO_BANNERS.length, ms: Date.now() - started };
  deps.log.info(result, 'seeded the demo catalogue');
  return result;
}

function demoRow(product: DemoProduct, images: string[], at: string): q.NewProductRow {
  if (images.length === 0) throw new Error(`No images were generated for ${product.key}`);
  return {
    id: newId(),
    productName: product.productName,
    brandName: product.brandName,
    category: product.category,
    description: product.description,
    price: product.price,
    sellingPrice: product.sellingPrice,
    stock: product.stock,
    trackStock: true,
    images,
    createdAt: at,
    updatedAt: at,
    demo: true,
    facts: demoFacts(product),
  };
}

/** Rows per write transaction: big enough to amortise the commit (synchronous=FULL), small enough not to hold the writer long. */
const SYNTHETIC_BATCH = 5000;

/**
 * Adds `count` synthetic products for load tests, spread over the categories and sharing the
 * demo illustrations (two products' image sets per category, rendered once and cached).
 * Deterministic for a given `startIndex`; pass the current product count to append more.
 */
export async function seedSynthetic(deps: SeedDeps, opts: { count: number; startIndex?: number; onProgress?: (done: number) => void }): Promise<{ products: number; ms: number }> {
  const started = Date.now();
  const imageSets = await sharedImageSets(deps);
  const now = deps.clock().getTime();
  const start = opts.startIndex ?? 0;
  // The demo's spec templates (where a category has none yet): synthetic products fill them.
  await transaction(deps.db, (trx) => applyDemoCategories(trx, DEMO_CATEGORIES, new Date(now).toISOString()));
  const templates = new Map((await listAdminCategories(deps.db)).map((c) => [c.value, c.template]));
  for (let done = 0; done < opts.count; done += SYNTHETIC_BATCH) {
    const size = Math.min(SYNTHETIC_BATCH, opts.count - done);
    const rows: q.NewProductRow[] = [];
    for (let i = 0; i < size; i++) {
      const p = syntheticProduct(start + done + i);
      const sets = imageSets.get(p.category) ?? [];
      const images = sets[p.imageSet % Math.max(1, sets.length)] ?? [];
      const at = new Date(now - p.ageSeconds * 1000).toISOString();
      rows.push({ id: newId(), ...p, trackStock: true, images, createdAt: at, updatedAt: at });
    }
    const specs = planSyntheticSpecs(rows, templates, (i) => ((start + done + i) % 3) as 0 | 1 | 2);
    await transaction(deps.db, async (trx) => {
      await q.insertProducts(trx, rows);
      await writeSyntheticSpecs(trx, specs);
    });
    opts.onProgress?.(done + size);
  }
  // A bulk load leaves PostgreSQL's planner without statistics until autovacuum's next round
  // (a minute or more): gather them now, as a bulk loader should. SQLite needs none.
  if (dialectOf(deps.db) === 'postgres') await sql`analyze products, product_variants, spec_values`.execute(deps.db);
  return { products: opts.count, ms: Date.now() - started };
}

async function sharedImageSets(deps: SeedDeps): Promise<Map<Category, string[][]>> {
  const chosen = CATEGORY_VALUES.flatMap((category) => DEMO_PRODUCTS.filter((p) => p.category === category).slice(0, 2));
  const images = await generateDemoImages(imageStoreOf(deps), demoArtCacheDir(deps.env), chosen, []);
  const sets = new Map<Category, string[][]>();
  for (const product of chosen) {
    const list = sets.get(product.category) ?? [];
    list.push(images.products.get(product.key) ?? []);
    sets.set(product.category, list);
  }
  return sets;
}
