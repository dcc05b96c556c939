import { useSearchParams } from 'react-router';
import { MonthSchema } from '../../../../shared/schemas/invoices';
import { InvoiceRegister } from '../../../features/admin/components/invoice-register';
import { gstMonth } from '../../../features/admin/components/gst-date';

/** The month in the address (`?month=2026-11`), so a register can be bookmarked or shared; this month (shop time) without one. */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = MonthSchema.safeParse(searchParams.get('month') ?? '');
  const month = asked.success ? asked.data : gstMonth();
  return (
    <InvoiceRegister
      month={month}
      onMonthChange={(next) =>
        setSearchParams(
          (params) => {
            const updated = new URLSearchParams(params);
            updated.set('month', next);
            return updated;
          },
          { replace: true },
        )
      }
    />
  );
}
