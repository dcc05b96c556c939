import { useSearchParams } from 'react-router';
import { ConfirmEmailChange } from '../../features/account/components/confirm-email-change';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Where the email-change link lands (`/confirm-email?token=…`); rendered in the browser only (see page-data's screenAt). */
export function Component() {
  useDocumentTitle(pageTitle('Confirm your new email'));
  const [searchParams] = useSearchParams();
  return <ConfirmEmailChange token={searchParams.get('token')?.trim() ?? ''} />;
}
