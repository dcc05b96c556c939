import { MailOutbox } from '../../../features/admin/components/mail-outbox';

export function Component() {
  return <MailOutbox />;
}
