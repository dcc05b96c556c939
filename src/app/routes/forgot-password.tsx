import { Link } from 'react-router';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Spec §2: placeholder text only, nothing functional. */
export function Component() {
  useDocumentTitle(pageTitle('Forgot password'));
  return (
    <section className="page max-w-xl" aria-labelledby="forgot-heading">
      <h1 id="forgot-heading" className="mb-3 text-2xl font-bold">
        Forgot password
      </h1>
      <p className="text-zinc-700">
        Password reset is not available online yet. Please contact Voltmart support from the email address on your account and we will help you get back in.
      </p>
      <Link to="/login" className="btn-outline mt-6">
        Back to Login
      </Link>
    </section>
  );
}
