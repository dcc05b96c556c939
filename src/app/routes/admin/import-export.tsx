import { CatalogueImport } from '../../../features/admin/components/catalogue-import';

export function Component() {
  return <CatalogueImport />;
}
