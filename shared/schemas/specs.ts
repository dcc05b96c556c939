import { z } from 'zod';
import { MAX_SPEC_CHOICES, MAX_SPEC_FILTERS, SPEC_CHOICE_MAX, SPEC_KEY_PATTERN } from '../specs';
import { SPEC_ATTRIBUTES_MAX, SPEC_KEY_MAX } from './categories';

/**
 * Spec values as a product form or an API call sends them: { key: value }, a value a number,
 * text or true/false (null or '' clears it). Only the shape is checked here; the values are
 * checked against the category's template by the server (a 400 naming the attribute).
 */
const SpecKeySchema = z
  .string()
  .max(SPEC_KEY_MAX, { error: `a spec key is at most ${SPEC_KEY_MAX} characters` })
  .regex(SPEC_KEY_PATTERN, { error: 'a spec key holds lower-case letters, digits and _' });

export const SpecValuesInputSchema = z
  .record(
    SpecKeySchema,
    z.union([z.number(), z.string().max(1000, { error: 'a spec value is at most 1000 characters' }), z.boolean(), z.null()], {
      error: 'a spec value must be a number, text, true/false or null',
    }),
    { error: 'specs must be an object of attribute values, e.g. { "ram": 8 }' },
  )
  .refine((values) => Object.keys(values).length <= SPEC_ATTRIBUTES_MAX, { error: `specs holds at most ${SPEC_ATTRIBUTES_MAX} values` });
export type SpecValuesInput = z.input<typeof SpecValuesInputSchema>;

/** A product's own spec values beside its fields (create, update); left out: the stored ones stay. */
export const ProductSpecsFieldsSchema = z.object({ specs: SpecValuesInputSchema.optional() });

/** Spec filters in a list's input: { ram: ['8-'], '5g': ['yes'] } (shared/specs.ts). */
export const SpecRefineSchema = z
  .record(
    SpecKeySchema,
    z
      .array(
        z
          .string({ error: 'a spec filter choice must be text' })
          .trim()
          .min(1, { error: 'a spec filter choice cannot be empty' })
          .max(SPEC_CHOICE_MAX, { error: `a spec filter choice is at most ${SPEC_CHOICE_MAX} characters` }),
        { error: 'a spec filter is a list of choices' },
      )
      .max(MAX_SPEC_CHOICES, { error: `a spec filter has at most ${MAX_SPEC_CHOICES} choices` }),
    { error: 'specs must be an object of filters, e.g. { "ram": ["8-"] }' },
  )
  .refine((filters) => Object.keys(filters).length <= MAX_SPEC_FILTERS, { error: `specs filters on at most ${MAX_SPEC_FILTERS} attributes` });
