import { Link } from 'react-router';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  useDocumentTitle(pageTitle('Payment cancelled'));
  return (
    <section className="page flex justify-center" aria-labelledby="cancel-heading">
      <div className="card flex w-full max-w-md flex-col items-center gap-4 p-8 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-red-50 text-3xl text-red-700" aria-hidden="true">
          ✕
        </span>
        <h1 id="cancel-heading" className="text-2xl font-bold text-red-700">
          Payment Cancel
        </h1>
        <p className="text-zinc-700">No money was taken. Your cart is just as you left it.</p>
        <Link to="/cart" className="btn-outline min-h-11 border-red-700 text-red-700 hover:bg-red-50">
          Go To Cart{' '}
        </Link>
      </div>
    </section>
  );
}
