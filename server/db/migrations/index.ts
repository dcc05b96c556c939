import type { Migration } from 'kysely';
import type { Dialect } from '../target';
import * as initial from './2026-11-22-01-initial';
import * as catalogRevision from './2026-11-22-02-catalog-revision';
import * as stockTracking from './2026-11-24-01-stock-tracking';
import * as cacheInvalidations from './2026-11-25-01-cache-invalidations';
import * as storedImages from './2026-11-26-01-stored-images';
import * as gst from './2026-11-27-01-gst';
import * as mail from './2026-11-28-01-mail';
import * as accounts from './2026-11-29-01-accounts';
import * as storefrontOwner from './2026-11-30-01-storefront-owner';
import * as payments from './2026-12-01-01-payments';
import * as settingsInvalidation from './2026-12-02-01-settings-invalidation';
import * as testCheckoutSnapshot from './2026-12-02-02-test-checkout-snapshot';
import * as categories from './2026-12-03-01-categories';
import * as productFacts from './2026-12-03-02-product-facts';
import * as variants from './2026-12-03-03-variants';
import * as specValues from './2026-12-03-04-spec-values';
import * as onSaleIndexes from './2026-12-04-01-on-sale-indexes';
import * as specStatistics from './2026-12-04-02-spec-statistics';
import * as catalogueUploads from './2026-12-05-01-catalogue-uploads';
import * as catalogueImportJobs from './2026-12-06-07-catalogue-import-jobs';
import * as importJobPictures from './2026-12-07-01-import-job-pictures';
import * as orderNumbers from './2026-12-08-01-order-numbers';
import * as shipments from './2026-12-08-02-shipments';
import * as stockAlerts from './2026-12-08-03-stock-alerts';
import * as offers from './2026-12-09-01-offers';
import * as returns from './2026-12-10-01-returns';
import * as offersInvalidation from './2026-12-11-01-offers-invalidation';
import * as pgOffersInvalidation from './postgres/2026-12-11-01-offers-invalidation';
import * as pgInitial from './postgres/2026-11-22-01-initial';
import * as pgCatalogRevision from './postgres/2026-11-22-02-catalog-revision';
import * as pgCacheInvalidations from './postgres/2026-11-25-01-cache-invalidations';
import * as pgStoredImages from './postgres/2026-11-26-01-stored-images';
import * as pgPayments from './postgres/2026-12-01-01-payments';
import * as pgSettingsInvalidation from './postgres/2026-12-02-01-settings-invalidation';
import * as pgCategories from './postgres/2026-12-03-01-categories';
import * as pgProductFacts from './postgres/2026-12-03-02-product-facts';
import * as pgVariants from './postgres/2026-12-03-03-variants';
import * as pgSpecValues from './postgres/2026-12-03-04-spec-values';
import * as pgSpecStatistics from './postgres/2026-12-04-02-spec-statistics';
import * as pgCatalogueUploads from './postgres/2026-12-05-01-catalogue-uploads';
import * as pgCatalogueImportJobs from './postgres/2026-12-06-07-catalogue-import-jobs';
import * as pgImportJobPictures from './postgres/2026-12-07-01-import-job-pictures';
import * as pgOrderNumbers from './postgres/2026-12-08-01-order-numbers';
import * as pgShipments from './postgres/2026-12-08-02-shipments';
import * as pgStockAlerts from './postgres/2026-12-08-03-stock-alerts';

/**
 * Every migration, by name, in the order they run, for each database. Both lists have the same
 * names: a migration whose SQL is portable serves both (stock tracking); one that is not has a
 * PostgreSQL form under postgres/. A static list (rather than a folder scan) keeps migrations
 * working when the server is bundled. Append new files to both; never edit old ones.
 */
const byDialect: Record<Dialect, Record<string, Migration>> = {
  sqlite: {
    '2026-11-22-01-initial': initial,
    '2026-11-22-02-catalog-revision': catalogRevision,
    '2026-11-24-01-stock-tracking': stockTracking,
    '2026-11-25-01-cache-invalidations': cacheInvalidations,
    '2026-11-26-01-stored-images': storedImages,
    '2026-11-27-01-gst': gst,
    '2026-11-28-01-mail': mail,
    '2026-11-29-01-accounts': accounts,
    '2026-11-30-01-storefront-owner': storefrontOwner,
    '2026-12-01-01-payments': payments,
    '2026-12-02-01-settings-invalidation': settingsInvalidation,
    '2026-12-02-02-test-checkout-snapshot': testCheckoutSnapshot,
    '2026-12-03-01-categories': categories,
    '2026-12-03-02-product-facts': productFacts,
    '2026-12-03-03-variants': variants,
    '2026-12-03-04-spec-values': specValues,
    '2026-12-04-01-on-sale-indexes': onSaleIndexes,
    '2026-12-04-02-spec-statistics': specStatistics,
    '2026-12-05-01-catalogue-uploads': catalogueUploads,
    '2026-12-06-07-catalogue-import-jobs': catalogueImportJobs,
    '2026-12-07-01-import-job-pictures': importJobPictures,
    '2026-12-08-01-order-numbers': orderNumbers,
    '2026-12-08-02-shipments': shipments,
    '2026-12-08-03-stock-alerts': stockAlerts,
    '2026-12-09-01-offers': offers,
    '2026-12-10-01-returns': returns,
    '2026-12-11-01-offers-invalidation': offersInvalidation,
  },
  postgres: {
    '2026-11-22-01-initial': pgInitial,
    '2026-11-22-02-catalog-revision': pgCatalogRevision,
    '2026-11-24-01-stock-tracking': stockTracking,
    '2026-11-25-01-cache-invalidations': pgCacheInvalidations,
    '2026-11-26-01-stored-images': pgStoredImages,
    '2026-11-27-01-gst': gst,
    '2026-11-28-01-mail': mail,
    '2026-11-29-01-accounts': accounts,
    '2026-11-30-01-storefront-owner': storefrontOwner,
    '2026-12-01-01-payments': pgPayments,
    '2026-12-02-01-settings-invalidation': pgSettingsInvalidation,
    '2026-12-02-02-test-checkout-snapshot': testCheckoutSnapshot,
    '2026-12-03-01-categories': pgCategories,
    '2026-12-03-02-product-facts': pgProductFacts,
    '2026-12-03-03-variants': pgVariants,
    '2026-12-03-04-spec-values': pgSpecValues,
    '2026-12-04-01-on-sale-indexes': onSaleIndexes,
    '2026-12-04-02-spec-statistics': pgSpecStatistics,
    '2026-12-05-01-catalogue-uploads': pgCatalogueUploads,
    '2026-12-06-07-catalogue-import-jobs': pgCatalogueImportJobs,
    '2026-12-07-01-import-job-pictures': pgImportJobPictures,
    '2026-12-08-01-order-numbers': pgOrderNumbers,
    '2026-12-08-02-shipments': pgShipments,
    '2026-12-08-03-stock-alerts': pgStockAlerts,
    '2026-12-09-01-offers': offers,
    '2026-12-10-01-returns': returns,
    '2026-12-11-01-offers-invalidation': pgOffersInvalidation,
  },
};

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return byDialect[dialect];
}

/** The names, in order (the same on both databases). */
export const migrationNames: readonly string[] = Object.keys(byDialect.sqlite);
