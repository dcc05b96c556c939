import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useCurrentUser } from '../../features/account/api/use-current-user';
import { AccountSection } from '../../features/account/components/account-section';
import { DevicesSection } from '../../features/account/components/devices-section';
import { EmailSection } from '../../features/account/components/email-section';
import { PasswordSection } from '../../features/account/components/password-section';
import { ProfileSection } from '../../features/account/components/profile-section';
import { TwoFactorSection } from '../../features/account/components/two-factor-section';
import { YourDataSection } from '../../features/account/components/your-data-section';
import { SavedAddresses } from '../../features/checkout/components/saved-addresses';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The page's sections, in order, for the jump links (each section's id). */
const SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'email', label: 'Email' },
  { id: 'password', label: 'Password' },
  { id: 'two-factor', label: 'Two-factor sign-in' },
  { id: 'devices', label: 'Devices' },
  { id: 'addresses', label: 'Addresses' },
  { id: 'your-data', label: 'Your data' },
] as const;

/** The signed-in shopper's account (`/account`); visitors go to login and come back here. */
export function Component() {
  useDocumentTitle(pageTitle('My account'));
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  // Set once the account is deleted: "me" turns into a visitor while the way home is under way
  // (a transition), and that visitor must not be sent to the login page meanwhile.
  const [leaving, setLeaving] = useState(false);

  if (isLoading) return <PageSpinner />;
  if (!user) return leaving ? <PageSpinner /> : <Navigate to="/login" replace state={{ from: '/account' }} />;

  const onDeleted = () => {
    setLeaving(true);
    // Replace: Back must not return to the page of an account that is gone.
    return navigate('/', { replace: true });
  };

  return (
    <div className="page">
      <h1 className="mb-4 text-2xl font-bold tracking-tight lg:mb-6">My account</h1>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[12rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <nav aria-label="Account sections" className="min-w-0 lg:sticky lg:top-[calc(var(--header-height)+1.5rem)]">
          <ul className="no-scrollbar -mx-4 flex gap-2 overflow-x-auto px-4 sm:-mx-6 sm:px-6 lg:mx-0 lg:flex-col lg:gap-1 lg:px-0">
            {SECTIONS.map((section) => (
              <li key={section.id} className="shrink-0">
                <a
                  href={`#${section.id}`}
                  className="block rounded-full border border-zinc-200 bg-white px-3 py-2 text-sm font-medium whitespace-nowrap text-zinc-700 hover:bg-zinc-100 lg:rounded-lg lg:border-0 lg:bg-transparent"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex max-w-3xl min-w-0 flex-col gap-6">
          {/* Keyed by user: the forms start again from the saved values if another account signs in. */}
          <ProfileSection key={user._id} user={user} />
          <EmailSection email={user.email} />
          <PasswordSection />
          <TwoFactorSection />
          <DevicesSection />
          <AccountSection id="addresses" title="Delivery addresses" intro="Where your orders can go; choose one at the checkout.">
            <SavedAddresses />
          </AccountSection>
          <YourDataSection onDeleted={onDeleted} />
        </div>
      </div>
    </div>
  );
}
