import { useId, useState, type FormEvent } from 'react';
import { formatINR } from '../../../../shared/money';
import { errorMessage } from '../../../lib/trpc';
import { useApplyCoupon, useRemoveCoupon, type CartPricing } from '../api/use-cart-pricing';

/**
 * The cart's coupon box (issue 30): type a code and Apply; the server checks it against the cart
 * and answers the saving or the sentence that says why not ("Add ₹2,300.00 more to use
 * SAVE1000"), shown under the box. An applied code shows its saving and a Remove button; one the
 * cart no longer qualifies for (a phone removed) says why and can be removed.
 */
export function CouponBox({ coupon }: { coupon: CartPricing['coupon'] | undefined }) {
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const apply = useApplyCoupon();
  const remove = useRemoveCoupon();
  const inputId = useId();
  const messageId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    apply.mutate(
      { code },
      {
        onSuccess: () => setCode(''),
        onError: (error) => setRefusal(errorMessage(error)),
      },
    );
  };

  if (coupon) {
    return (
      <div className="flex flex-col gap-2 rounded-xl border border-dashed border-zinc-300 p-3" data-testid="coupon-applied">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm">
            <span className="font-semibold">{coupon.code}</span> {coupon.applied ? <span className="text-green-800">{`applied: you save ${formatINR(coupon.saving)}`}</span> : null}
          </p>
          <button type="button" className="text-sm font-semibold text-brand-700 underline" onClick={() => remove.mutate()} disabled={remove.isPending}>
            Remove
          </button>
        </div>
        {!coupon.applied ? (
          <p className="text-sm font-medium text-amber-800" role="status" data-testid="coupon-message">
            {coupon.message}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <form className="flex flex-col gap-1" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="text-sm font-semibold text-zinc-800">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          className="field min-h-10 min-w-0 flex-1 uppercase"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={refusal !== null}
          aria-describedby={refusal !== null ? messageId : undefined}
        />
        <button type="submit" className="btn-outline min-h-10 px-4" disabled={apply.isPending || code.trim() === ''}>
          {apply.isPending ? 'Applying…' : 'Apply'}
        </button>
      </div>
      {refusal !== null ? (
        <p id={messageId} className="text-sm font-medium text-red-700" role="alert" data-testid="coupon-message">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}
