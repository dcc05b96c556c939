import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatINR } from '../../../shared/money';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useConfirmReturn } from '../../features/checkout/api/use-confirm-return';
import { useMyOrders } from '../../features/orders/api/use-my-orders';
import { errorMessage } from '../../lib/trpc';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

const SETTLED = new Set(['paid', 'shipped', 'delivered']);

/** `?order_id=`: a cash-on-delivery order placed from the checkout; `?session_id=`: back from a payment page. */
export function Component() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  if (orderId && !params.get('session_id')) return <OrderPlaced orderId={orderId} />;
  return <PaymentReturn sessionId={params.get('session_id')} />;
}

/** A cash-on-delivery order: placed, nothing paid yet; how much cash to have ready, from the shopper's orders. */
function OrderPlaced({ orderId }: { orderId: string }) {
  useDocumentTitle(pageTitle('Order placed'));
  const orders = useMyOrders(true);
  if (orders.isPending) return <PageSpinner label="Loading your order" />;
  const order = orders.data?.find((o) => o._id === orderId);

  return (
    <section className="page flex justify-center" aria-labelledby="success-heading">
      <div className="card flex w-full max-w-md flex-col items-center gap-4 p-8 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-emerald-50 text-3xl text-emerald-700" aria-hidden="true">
          ✓
        </span>
        <h1 id="success-heading" className="text-2xl font-bold text-emerald-800">
          Order placed!
        </h1>
        {order ? <OrderNumberLine number={order.orderNumber} /> : null}
        {orders.isError ? (
          <p className="text-zinc-700" role="alert">
            {errorMessage(orders.error)}
          </p>
        ) : order?.paymentMethod === 'cod' ? (
          <p className="text-zinc-700" data-testid="cod-message">
            Pay <strong className="text-zinc-900">{formatINR(order.totalAmount)}</strong> in cash when it arrives.
          </p>
        ) : (
          <p className="text-zinc-700">Thank you for shopping with Voltmart. Your order is in your orders.</p>
        )}
        <Link to="/order" className="btn-primary min-h-11">
          See Order{' '}
        </Link>
      </div>
    </section>
  );
}

/** "Order VM-2026-000123": what the shopper quotes when they write or call about it. */
function OrderNumberLine({ number }: { number: string }) {
  return (
    <p className="text-zinc-700" data-testid="success-order-number">
      Order <strong className="text-zinc-900 tabular-nums">{number}</strong>
    </p>
  );
}

function PaymentReturn({ sessionId }: { sessionId: string | null }) {
  useDocumentTitle(pageTitle('Payment successful'));
  const confirm = useConfirmReturn();
  const { mutate } = confirm;
  const asked = useRef<string | null>(null);

  useEffect(() => {
    // Once per session id, even under StrictMode's double effects: confirming is idempotent
    // on the server, but there is no reason to ask twice.
    if (!sessionId || asked.current === sessionId) return;
    asked.current = sessionId;
    mutate({ sessionId });
  }, [sessionId, mutate]);

  if (sessionId && (confirm.isIdle || confirm.isPending)) return <PageSpinner label="Confirming your payment" />;

  const status = confirm.data?.status ?? null;
  const paid = !sessionId || (status !== null && SETTLED.has(status));

  return (
    <section className="page flex justify-center" aria-labelledby="success-heading">
      <div className="card flex w-full max-w-md flex-col items-center gap-4 p-8 text-center">
        {confirm.isError ? (
          <>
            <h1 id="success-heading" className="text-2xl font-bold text-zinc-900">
              We could not confirm this payment
            </h1>
            <p className="text-zinc-700" role="alert">
              {errorMessage(confirm.error)}
            </p>
          </>
        ) : paid ? (
          <>
            <span className="flex size-16 items-center justify-center rounded-full bg-emerald-50 text-3xl text-emerald-700" aria-hidden="true">
              ✓
            </span>
            <h1 id="success-heading" className="text-2xl font-bold text-emerald-800">
              Payment Successfully
            </h1>
            {confirm.data?.orderNumber ? <OrderNumberLine number={confirm.data.orderNumber} /> : null}
            <p className="text-zinc-700">Thank you for shopping with Voltmart. Your order is confirmed.</p>
          </>
        ) : (
          <>
            <h1 id="success-heading" className="text-2xl font-bold text-zinc-900">
              Payment processing
            </h1>
            <p className="text-zinc-700">The payment provider has not confirmed this payment yet. It will appear in your orders once it does.</p>
          </>
        )}
        <Link to="/order" className="btn-primary min-h-11">
          See Order{' '}
        </Link>
      </div>
    </section>
  );
}
