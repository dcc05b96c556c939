import { Navigate } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useCurrentUser } from '../../features/account/api/use-current-user';
import { TwoFactorSettings } from '../../features/account/components/two-factor-settings';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Turning two-factor sign-in on or off (`/account/two-factor`); the one page open to an admin who must enrol. Browser only. */
export function Component() {
  useDocumentTitle(pageTitle('Two-factor sign-in'));
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: '/account/two-factor' }} />;
  return <TwoFactorSettings me={user} />;
}
