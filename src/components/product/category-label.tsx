import { createContext, useContext } from 'react';

/**
 * A category's label by its value, for cards, cart lines and product pages. The app's root
 * provides the owner's labels (src/app/routes/root-layout.tsx, from `catalog.categories`, which
 * every server-rendered page carries); without a provider the value itself is shown.
 */
export const CategoryLabelContext = createContext<(value: string) => string>((value) => value);

export function useCategoryLabelOf(): (value: string) => string {
  return useContext(CategoryLabelContext);
}
