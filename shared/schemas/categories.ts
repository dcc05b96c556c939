import { z } from 'zod';
import { CATEGORY_VALUE_MAX, CATEGORY_VALUE_PATTERN, HOME_ROW_CARDS, type Category, type HomeRowCards } from '../categories';
import { GstRateSchema, HsnSchema } from './settings';
import { UnitIdKindSchema, type UnitIdKind } from './shipping';
import { singleLineText } from './text';

/**
 * The owner's categories (the admin's Categories page and its procedures). A category's value is
 * its slug, chosen once when it is created; everything else can be edited. The storefront's view
 * of them (`CategoryInfo`) is in shared/categories.ts, which pulls no zod into the storefront.
 */

/**
 * A category's value where one is asked for (a product's, a listing's). The format only: whether
 * such a category exists is the database's answer (400 "category 'x' does not exist").
 */
export const CategorySchema = z
  .string({ error: 'category is required' })
  .trim()
  .min(1, { error: 'category is required' })
  .max(CATEGORY_VALUE_MAX, { error: `category must be at most ${CATEGORY_VALUE_MAX} characters` })
  .regex(CATEGORY_VALUE_PATTERN, { error: 'category must be a category’s value (letters, digits and hyphens, e.g. power-banks)' });

export const CATEGORY_LABEL_MAX = 40;
export const HOME_HEADING_MAX = 60;
export const SPEC_ATTRIBUTES_MAX = 40;
export const SPEC_OPTIONS_MAX = 50;
export const SPEC_KEY_MAX = 40;
export const SPEC_NAME_MAX = 60;
export const SPEC_UNIT_MAX = 20;
export const SPEC_OPTION_MAX = 60;

export const SPEC_TYPES = ['number', 'text', 'list', 'yesno'] as const;
export type SpecType = (typeof SPEC_TYPES)[number];
export const SPEC_TYPE_LABELS: Record<SpecType, string> = { number: 'Number', text: 'Text', list: 'One of a list', yesno: 'Yes / no' };

/** One attribute of a category's spec template (e.g. Storage, GB, number, a filter, per variant). */
export type SpecAttribute = {
  /** Stable: product values are stored under it, so renaming the attribute keeps them. */
  key: string;
  name: string;
  /** "GB", "mAh", "inches"; empty for none. */
  unit: string;
  type: SpecType;
  /** The choices of a `list` attribute (empty for other types). */
  options: string[];
  /** Shown as a facet on category and search pages. */
  filter: boolean;
  /** Shown on product cards. */
  onCard: boolean;
  /** Its value can differ between a product's variants (storage), rather than one per product (screen size). */
  perVariant: boolean;
};

/** A new category's value: lower-case letters, digits and single hyphens (`power-banks`). */
export const NewCategoryValueSchema = z
  .string({ error: 'value is required' })
  .trim()
  .min(2, { error: 'value must be at least 2 characters' })
  .max(CATEGORY_VALUE_MAX, { error: `value must be at most ${CATEGORY_VALUE_MAX} characters` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'value must be lower-case letters, digits and single hyphens, e.g. power-banks' });

const flag = (field: string) =>
  z
    .boolean({ error: `${field} must be true or false` })
    .optional()
    .default(false);

const SpecAttributeSchema = z
  .object({
    key: z
      .string({ error: 'key is required' })
      .trim()
      .min(1, { error: 'key is required' })
      .max(SPEC_KEY_MAX, { error: `key must be at most ${SPEC_KEY_MAX} characters` })
      .regex(/^[a-z][a-z0-9_]*$/, { error: 'key must start with a letter and hold lower-case letters, digits and _' }),
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, { error: 'name is required' })
      .max(SPEC_NAME_MAX, { error: `name must be at most ${SPEC_NAME_MAX} characters` })
      .check(singleLineText('name')),
    unit: z
      .string({ error: 'unit must be text' })
      .trim()
      .max(SPEC_UNIT_MAX, { error: `unit must be at most ${SPEC_UNIT_MAX} characters` })
      .check(singleLineText('unit'))
      .optional()
      .default(''),
    type: z.enum(SPEC_TYPES, { error: `type must be one of: ${SPEC_TYPES.join(', ')}` }),
    options: z
      .array(
        z
          .string({ error: 'options must be a list of text' })
          .trim()
          .min(1, { error: 'an option cannot be empty' })
          .max(SPEC_OPTION_MAX, { error: `an option is at most ${SPEC_OPTION_MAX} characters` })
          .check(singleLineText('option')),
        { error: 'options must be a list of text' },
      )
      .max(SPEC_OPTIONS_MAX, { error: `options holds at most ${SPEC_OPTIONS_MAX} choices` })
      .optional()
      .default([]),
    filter: flag('filter'),
    onCard: flag('onCard'),
    perVariant: flag('perVariant'),
  })
  .superRefine((a, ctx) => {
    if (a.type === 'list' && a.options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'a list needs at least one option' });
    if (a.type !== 'list' && a.options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: `only a list has options (this is ${a.type})` });
    const seen = new Set<string>();
    a.options.forEach((option, i) => {
      if (seen.has(option.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['options', i], message: `option “${option}” is listed twice` });
      seen.add(option.toLowerCase());
    });
    if (a.type === 'text' && a.filter) ctx.addIssue({ code: 'custom', path: ['filter'], message: 'a text attribute cannot be a filter: make it a list' });
  });

/** A category's spec template: at most SPEC_ATTRIBUTES_MAX attributes, keys (and names) unique. */
export const SpecTemplateSchema = z
  .array(SpecAttributeSchema, { error: 'template must be a list of attributes' })
  .max(SPEC_ATTRIBUTES_MAX, { error: `template holds at most ${SPEC_ATTRIBUTES_MAX} attributes` })
  .superRefine((attributes, ctx) => {
    const keys = new Set<string>();
    const names = new Set<string>();
    attributes.forEach((a, i) => {
      if (keys.has(a.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `key “${a.key}” is used twice` });
      if (names.has(a.name.toLowerCase())) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `name “${a.name}” is used twice` });
      keys.add(a.key);
      names.add(a.name.toLowerCase());
    });
  });

const LabelSchema = z
  .string({ error: 'label is required' })
  .trim()
  .min(1, { error: 'label is required' })
  .max(CATEGORY_LABEL_MAX, { error: `label must be at most ${CATEGORY_LABEL_MAX} characters` })
  .check(singleLineText('label'));

/** A home row: its heading and cards; its place among the rows is kept by the server (new rows go last). */
export const HomeRowInputSchema = z
  .object({
    heading: z
      .string({ error: 'homeRow.heading is required' })
      .trim()
      .min(1, { error: 'heading is required' })
      .max(HOME_HEADING_MAX, { error: `heading must be at most ${HOME_HEADING_MAX} characters` })
      .check(singleLineText('heading')),
    cards: z.enum(HOME_ROW_CARDS as [HomeRowCards, ...HomeRowCards[]], { error: 'cards must be small or large' }),
  })
  .nullable();

const categoryFields = {
  label: LabelSchema,
  hidden: z.boolean({ error: 'hidden must be true or false' }).optional().default(false),
  hsn: HsnSchema,
  rateBasisPoints: GstRateSchema,
  homeRow: HomeRowInputSchema.optional().default(null),
  template: SpecTemplateSchema.optional().default([]),
  /** What packing asks of each unit of its products: nothing, a serial number, or a phone's IMEI. */
  unitIds: UnitIdKindSchema.optional().default('none'),
};

export const CreateCategoryInputSchema = z.object({ value: NewCategoryValueSchema, ...categoryFields });
export type CreateCategoryInput = z.input<typeof CreateCategoryInputSchema>;

const ExistingValueSchema = z.string({ error: 'value is required' }).trim().min(1, { error: 'value is required' }).max(CATEGORY_VALUE_MAX, { error: 'value is not a category' });

/** An edit: any of the fields; those left out keep their value. */
export const UpdateCategoryInputSchema = z.object({
  value: ExistingValueSchema,
  label: LabelSchema.optional(),
  hidden: z.boolean({ error: 'hidden must be true or false' }).optional(),
  hsn: HsnSchema.optional(),
  rateBasisPoints: GstRateSchema.optional(),
  homeRow: HomeRowInputSchema.optional(),
  template: SpecTemplateSchema.optional(),
  unitIds: UnitIdKindSchema.optional(),
});
export type UpdateCategoryInput = z.input<typeof UpdateCategoryInputSchema>;

export const MoveCategoryInputSchema = z.object({
  value: ExistingValueSchema,
  /** Up or down in the menu order, or among the home rows. */
  direction: z.enum(['up', 'down'], { error: 'direction must be up or down' }),
  list: z.enum(['menu', 'home'], { error: 'list must be menu or home' }).optional().default('menu'),
});
export type MoveCategoryInput = z.input<typeof MoveCategoryInputSchema>;

export const CategoryValueInputSchema = z.object({ value: ExistingValueSchema });

/** The Categories page's words for what packing asks of each unit. */
export const UNIT_ID_LABELS: Record<UnitIdKind, string> = { none: 'Nothing', serial: 'Serial number', imei: 'IMEI (phones)' };

/** A category as the admin's Categories page shows it. */
export type AdminCategory = {
  value: Category;
  label: string;
  position: number;
  hidden: boolean;
  hsn: string;
  rateBasisPoints: number;
  homeRow: { heading: string; cards: HomeRowCards; position: number } | null;
  template: SpecAttribute[];
  /** What packing asks of each unit of its products (issue 29). */
  unitIds: UnitIdKind;
  /** Products in it, archived ones included (a category in use cannot be deleted). */
  productCount: number;
  createdAt: string;
  updatedAt: string;
};
