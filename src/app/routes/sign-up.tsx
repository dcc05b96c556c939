import { SignUpForm } from '../../features/account/components/sign-up-form';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  useDocumentTitle(pageTitle('Sign up'));
  return <SignUpForm />;
}
