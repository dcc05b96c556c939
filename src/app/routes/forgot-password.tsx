import { ForgotPasswordForm } from '../../features/account/components/forgot-password-form';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  useDocumentTitle(pageTitle('Forgot password'));
  return <ForgotPasswordForm />;
}
