import { SignUpForm } from '../../features/account/components/sign-up-form';

export function Component() {
  return <SignUpForm />;
}
