/** First year the shop traded; the footer shows it as the start of its year range. */
export const SHOP_SINCE = 2024;

export function footerYears(now: Date = new Date()): string {
  const year = now.getFullYear();
  return year > SHOP_SINCE ? `${SHOP_SINCE}–${year}` : String(SHOP_SINCE);
}

export function Footer() {
  return (
    <footer className="border-t border-zinc-200 bg-zinc-900 text-zinc-300">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="font-medium text-white">Voltmart · Phones, audio, TVs and home appliances, delivered across India.</p>
        <p>© {footerYears()} Voltmart. All rights reserved.</p>
      </div>
    </footer>
  );
}
