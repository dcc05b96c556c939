import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc';

/** A month's invoices and credit notes ('YYYY-MM', shop time), with their totals; the previous month stays on screen while the next loads. */
export function useInvoiceRegister(month: string) {
  return trpc.admin.invoices.useQuery({ month }, { placeholderData: keepPreviousData });
}
