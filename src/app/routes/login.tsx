import { LoginForm } from '../../features/account/components/login-form';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  useDocumentTitle(pageTitle('Login'));
  return <LoginForm />;
}
