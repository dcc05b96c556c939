import { z } from 'zod';
import { COMPARE_MAX } from '../compare';

/**
 * catalog.compare's input: the ids of up to COMPARE_MAX products, in the order their columns
 * show. A fifth id is refused (400 naming `ids`): the compare page cuts its address to the
 * first four before asking. Repeated ids count once.
 */
export const CompareInputSchema = z.object({
  ids: z
    .array(
      z
        .string({ error: 'ids must be a list of product ids' })
        .trim()
        .min(1, { error: 'ids holds an empty product id' })
        .max(64, { error: 'ids holds a product id that is too long' }),
      { error: 'ids must be a list of product ids' },
    )
    .max(COMPARE_MAX, { error: `ids: compare at most ${COMPARE_MAX} products at a time` }),
});
export type CompareInput = z.input<typeof CompareInputSchema>;
