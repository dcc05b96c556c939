import { trpc } from '../../../lib/trpc';

/** The signed-in shopper's returns: each delivered order's lines with their policy, window and units' requests, in one call. */
export function useMyReturns(enabled: boolean) {
  return trpc.returns.mine.useQuery(undefined, { enabled });
}

/** Uploads one photo (a data: URL) through the image pipeline; its URL goes in the request. */
export function useUploadReturnPhoto() {
  return trpc.returns.uploadPhoto.useMutation();
}

/** Asks to return a unit; the returns are read again either way (a refusal may mean the window just closed). */
export function useRequestReturn() {
  const utils = trpc.useUtils();
  return trpc.returns.request.useMutation({ onSettled: () => utils.returns.mine.invalidate() });
}

/** Cancels the shopper's request while it is requested or approved. */
export function useCancelReturn() {
  const utils = trpc.useUtils();
  return trpc.returns.cancel.useMutation({ onSettled: () => utils.returns.mine.invalidate() });
}
