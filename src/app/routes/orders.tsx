import { Navigate } from 'react-router';
import { OrderList } from '../../components/orders/order-list';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useCurrentUser } from '../../features/account/api/use-current-user';
import { useMyOrders } from '../../features/orders/api/use-my-orders';
import { useMyShipments } from '../../features/orders/api/use-my-shipments';
import { CancelCodOrder } from '../../features/orders/components/cancel-cod-order';
import { OrderParcel, UnitNumbersNote } from '../../features/orders/components/order-parcel';
import { useMyReturns } from '../../features/orders/api/use-returns';
import { OrderLineReturns } from '../../features/orders/components/order-returns';
import { errorMessage } from '../../lib/trpc';
import { pageTitle } from '../../lib/page-titles';
import { useShopTimeZone } from '../../lib/use-shop-time-zone';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  useDocumentTitle(pageTitle('Orders'));
  const { user, isLoading } = useCurrentUser();
  const orders = useMyOrders(user !== null);
  // Every order's parcel in one call; the orders show without them while it loads (or if it fails).
  const shipments = useMyShipments(user !== null);
  // Each delivered line's return policy, window and requests (issue 31), likewise in one call.
  const returns = useMyReturns(user !== null);
  const timeZone = useShopTimeZone();
  // A parcel unpacked when its order was cancelled never left: not shown.
  const parcelsOf = (orderId: string) => (shipments.data?.[orderId] ?? []).filter((parcel) => parcel.status !== 'cancelled');

  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: '/order' }} />;

  return (
    <section className="page" aria-labelledby="orders-heading">
      <h1 id="orders-heading" className="mb-6 text-2xl font-bold tracking-tight">
        Your Orders
      </h1>
      {orders.isPending ? (
        <PageSpinner label="Loading orders" />
      ) : orders.isError ? (
        <p className="card px-4 py-10 text-center text-red-800" role="alert">
          {errorMessage(orders.error)}
        </p>
      ) : (
        <OrderList
          orders={orders.data}
          timeZone={timeZone}
          actions={(order) => <CancelCodOrder order={order} />}
          delivery={(order) => parcelsOf(order._id).map((parcel) => <OrderParcel key={parcel.id} shipment={parcel} timeZone={timeZone} />)}
          lineNote={(order, index) => (
            <>
              <UnitNumbersNote
                units={parcelsOf(order._id).flatMap((parcel) => parcel.units.filter((unit) => unit.line === index))}
                quantity={order.productDetails[index]?.quantity ?? 1}
              />
              <OrderLineReturns orderId={order._id} line={returns.data?.[order._id]?.[index]} timeZone={timeZone} />
            </>
          )}
        />
      )}
    </section>
  );
}
