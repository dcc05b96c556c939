import { trpc } from '../../../lib/trpc';
import type { ReturnReason } from '../../../../shared/schemas/returns';

/** The owner's returns queue: open (or all), optionally of one reason. */
export function useReturnsQueue(filter: { show: 'open' | 'all'; reason?: ReturnReason | undefined }) {
  return trpc.returns.queue.useQuery(filter);
}

/** Every step of the queue (approve or reject, pickup, picked up, receive, resolve); the queue is read again after each, won or refused (a 409: someone else moved it). */
export function useReturnSteps() {
  const utils = trpc.useUtils();
  const onSettled = () => utils.returns.queue.invalidate();
  return {
    decide: trpc.returns.decide.useMutation({ onSettled }),
    schedulePickup: trpc.returns.schedulePickup.useMutation({ onSettled }),
    pickedUp: trpc.returns.pickedUp.useMutation({ onSettled }),
    receive: trpc.returns.receive.useMutation({ onSettled }),
    resolve: trpc.returns.resolve.useMutation({ onSettled }),
  };
}
