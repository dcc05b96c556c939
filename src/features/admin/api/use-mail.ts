import { trpc } from '../../../lib/trpc';

export const MAIL_PAGE_SIZE = 25;

/** The shop's outbox, newest first, page after page ("Load more"). */
export function useMailOutbox() {
  return trpc.admin.mail.useInfiniteQuery({ limit: MAIL_PAGE_SIZE }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
}

/** One message with its HTML and plain text, for the message dialog. */
export function useMailMessage(mailId: string) {
  return trpc.admin.mailMessage.useQuery({ mailId });
}
