/** Whether a shopper can buy the product now (untracked, or at least one unit for sale). */
export function isBuyable(p: { trackStock: boolean; stock: number }): boolean {
  return !p.trackStock || p.stock > 0;
}
