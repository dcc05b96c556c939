import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Where the emailed link lands (`/reset-password?token=…`); rendered in the browser only (see page-data's screenAt). */
export function Component() {
  useDocumentTitle(pageTitle('Choose a new password'));
  const [searchParams] = useSearchParams();
  return <ResetPasswordForm token={searchParams.get('token')?.trim() ?? ''} />;
}
