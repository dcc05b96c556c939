import { z } from 'zod';

// A return policy (issue 31): the shop's default (the `returnPolicy` setting) and each category's
// own (categories.return_policy). Apart from returns.ts so the settings schema can use it.

export const RETURN_RESOLUTION_OFFERS = ['replacement', 'refund-or-replacement', 'refund'] as const;
/** What a policy offers: replacement only, refund or replacement, refund only. */
export type ReturnResolutionOffer = (typeof RETURN_RESOLUTION_OFFERS)[number];

export const RETURN_RESOLUTIONS = ['replacement', 'refund'] as const;
/** What the shopper prefers, among those the policy offers. */
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

export const RETURN_REASONS = ['defective', 'damaged-in-transit', 'wrong-item', 'not-as-described', 'changed-mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  defective: 'Defective or not working',
  'damaged-in-transit': 'Damaged in transit',
  'wrong-item': 'Wrong item delivered',
  'not-as-described': 'Not as described',
  'changed-mind': 'Changed my mind',
};

export const RETURN_WINDOW_MAX_DAYS = 90;

export const ReturnPolicySchema = z.object({
  /** Days after the delivery day (on the shop's clock) a request may be made; 0: no returns. */
  windowDays: z
    .number({ error: 'return window must be a number of days' })
    .int({ error: 'return window must be a whole number of days' })
    .min(0, { error: 'return window cannot be negative (0: no returns)' })
    .max(RETURN_WINDOW_MAX_DAYS, { error: `return window is at most ${RETURN_WINDOW_MAX_DAYS} days` }),
  resolutions: z.enum(RETURN_RESOLUTION_OFFERS, { error: `resolutions must be one of: ${RETURN_RESOLUTION_OFFERS.join(', ')}` }),
  reasons: z
    .array(z.enum(RETURN_REASONS, { error: `a reason must be one of: ${RETURN_REASONS.join(', ')}` }), { error: 'reasons must be a list' })
    .min(1, { error: 'reasons: offer at least one reason' })
    .max(RETURN_REASONS.length)
    .transform((reasons) => RETURN_REASONS.filter((r) => reasons.includes(r))),
  photosRequired: z.boolean({ error: 'photosRequired must be true or false' }),
});
export type ReturnPolicy = z.output<typeof ReturnPolicySchema>;

/** The shop's default where a category has none of its own: 7 days, replacement only, no "changed my mind", photos asked. */
export const DEFAULT_RETURN_POLICY: ReturnPolicy = {
  windowDays: 7,
  resolutions: 'replacement',
  reasons: ['defective', 'damaged-in-transit', 'wrong-item', 'not-as-described'],
  photosRequired: true,
};

const OFFER_WORDS: Record<ReturnResolutionOffer, string> = { replacement: 'replacement', 'refund-or-replacement': 'refund or replacement', refund: 'refund' };

/** "7 days replacement", "10 days refund or replacement", "No returns": the product page and /policies. */
export function returnPolicyText(policy: ReturnPolicy): string {
  if (policy.windowDays === 0) return 'No returns';
  return `${policy.windowDays} ${policy.windowDays === 1 ? 'day' : 'days'} ${OFFER_WORDS[policy.resolutions]}`;
}

/** The resolutions a shopper may prefer under a policy. */
export function resolutionsOffered(policy: ReturnPolicy): ReturnResolution[] {
  return policy.resolutions === 'refund-or-replacement' ? ['replacement', 'refund'] : [policy.resolutions];
}
